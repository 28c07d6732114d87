//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//per_thread_fence_by_reader_fail\.cl:15:\d+: error: possible write-read race on A\[\d+\]

// The twin of per_thread_fence_by_writer_pass: now the even work items fence local
// memory and read the element their odd neighbour wrote. The writer's own flags do not
// order its write, and the reader's fence does not order another work item's write, so
// the write and the read race.
__kernel void k(__local int *A) {
  unsigned lid = get_local_id(0);
  unsigned flags = lid % 2 == 0 ? CLK_LOCAL_MEM_FENCE : 0;
  A[lid] = lid;
  barrier(flags);
  if (lid % 2 == 0)
    A[lid] = A[lid + 1] + 1;
}
