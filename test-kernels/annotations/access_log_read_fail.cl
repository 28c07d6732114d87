//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//access_log_read_fail\.cl:8:3: error: this assertion might not hold for work item \d+

// A read of L is logged (non-deterministically), so "no read of L" may be false.
__kernel void k(__global int *A, __local int *L) {
  A[get_local_id(0)] = L[get_local_id(0)];
  __assert(__no_read(L));
}
