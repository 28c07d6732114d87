//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//enabled_fail\.cl:9:5: error: this assertion might not hold for work item \d+

// A global assertion inside a branch is checked for the threads that skip it too, and
// for them `__enabled()` is false.
__kernel void k(__global int *A) {
  if (get_local_id(0) < 16) {
    __global_assert(__enabled());
    A[get_global_id(0)] = 1;
  }
}
