//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//noreturn_fail\.cl:11:\d+: error: this assertion might not hold

// A bodiless function declared `noreturn` never gives control back: reaching it is
// reported as an assertion that might not hold.
void stop(void) __attribute__((noreturn));

__kernel void k(__global int *A) {
  if (A[get_local_id(0)] < 0)
    stop();
  A[get_local_id(0)] = 0;
}
