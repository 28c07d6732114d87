//pass
//--local_size=32 --num_groups=1

__kernel void k(__local int *L, __global int *G, __global int *out) {
  size_t l = get_local_id(0);
  L[l] = (int)l;
  G[l] = (int)(2 * l);
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  out[l] = L[31 - l] + G[31 - l];
}
