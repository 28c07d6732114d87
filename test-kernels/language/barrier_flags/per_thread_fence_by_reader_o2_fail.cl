//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4 --opt-level=2
//per_thread_fence_by_reader_o2_fail\.cl:15:\d+: error: possible write-read race on A\[\d+\]

// per_thread_fence_by_reader_fail as clang -O2 compiles it (the flags become
// bit arithmetic on the local id rather than a select): each work item's call
// still orders the spaces its own flags name, and only those.
//
__kernel void k(__local int *A) {
  unsigned lid = get_local_id(0);
  unsigned flags = lid % 2 == 0 ? CLK_LOCAL_MEM_FENCE : 0;
  A[lid] = lid;
  barrier(flags);
  if (lid % 2 == 0)
    A[lid] = A[lid + 1] + 1;
}
