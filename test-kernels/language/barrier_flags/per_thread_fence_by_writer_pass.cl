//pass
//--local_size=64 --num_groups=4

// Fence flags may differ between work items: a barrier orders a work item's own
// accesses before it when that work item's flags name their memory. Even work items
// write and fence local memory; the odd ones, which fence nothing, read the element
// their even neighbour wrote.
__kernel void k(__local int *A) {
  unsigned lid = get_local_id(0);
  unsigned flags = lid % 2 == 0 ? CLK_LOCAL_MEM_FENCE : 0;
  A[lid] = lid;
  barrier(flags);
  if (lid % 2 == 1)
    A[lid] = A[lid - 1] + 1;
}
