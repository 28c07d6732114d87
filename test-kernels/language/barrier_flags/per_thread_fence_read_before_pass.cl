//pass
//--local_size=64 --num_groups=2

// The first half of the group reads the second half's elements before the barrier, and
// only the first half's flags name local memory; after the barrier the second half
// overwrites its elements. Each read is ordered by its reader's own fence.
__kernel void k(__local int *A, __global int *out) {
  unsigned lid = get_local_id(0);
  int fence = lid < 32 ? CLK_LOCAL_MEM_FENCE : 0;
  int x = 0;
  if (lid < 32)
    x = A[lid + 32];
  barrier(fence);
  if (lid >= 32)
    A[lid] = 7;
  out[get_global_id(0)] = x;
}
