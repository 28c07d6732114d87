//pass
//--local_size=64 --num_groups=4

__kernel void stencil(__global const int *src, __global int *dst, __local int *tile) {
  size_t l = get_local_id(0);
  size_t g = get_global_id(0);
  tile[l] = src[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  dst[g] = tile[l] + tile[(l + 1) % get_local_size(0)];
}
