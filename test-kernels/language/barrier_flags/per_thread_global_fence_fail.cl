//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//per_thread_global_fence_fail\.cl:16:\d+: error: possible write-read race on G\[\d+\]

// The twin of per_thread_global_fence_pass with the spaces swapped: the writers of
// global memory fence only local memory, so their writes are not ordered before the
// readers' reads (whose own global fence orders only their own accesses).
__kernel void k(__global int *G, __local int *L) {
  unsigned lid = get_local_id(0);
  unsigned flags = lid < 32 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE;
  if (lid < 32)
    G[lid] = lid;
  L[lid] = 0;
  barrier(flags);
  if (lid >= 32)
    G[lid] = G[lid - 32];
}
