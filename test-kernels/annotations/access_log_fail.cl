//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//access_log_fail\.cl:10:3: error: this assertion might not hold for work item \d+

// The read of B may have been logged, and its offset is not 0 for most threads.
__kernel void k(__global int *A, __global int *B) {
  unsigned gid = get_global_id(0);
  A[gid] = B[gid];
  __assert(__no_write(B));
  __assert(__read_implies(B, __read_offset_bytes(B) == 0));
}
