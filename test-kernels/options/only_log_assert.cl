//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2 --only-log
//this assertion might not hold

// Assertions are still checked under --only-log.
__kernel void only_log_assert(__global int *A) {
  A[get_global_id(0)] = 1;
  __assert(get_local_id(0) < 16);
}
