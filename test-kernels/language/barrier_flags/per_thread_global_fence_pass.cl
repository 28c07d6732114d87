//pass
//--local_size=64 --num_groups=1

// Per-work-item flags that differ in the space they name: the writers (the first half)
// fence global memory, the readers (the second half) local memory. The readers read
// global memory the writers wrote, which the writers' own fence orders.
__kernel void k(__global int *G, __local int *L) {
  unsigned lid = get_local_id(0);
  unsigned flags = lid < 32 ? CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE;
  if (lid < 32)
    G[lid] = lid;
  L[lid] = 0;
  barrier(flags);
  if (lid >= 32)
    G[lid] = G[lid - 32];
}
