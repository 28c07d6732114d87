// A barrier only the first five work items reach when n > 0: barrier divergence.
__kernel void k(int n) {
  if (n > 0 && get_local_id(0) < 5)
    barrier(CLK_LOCAL_MEM_FENCE);
}
