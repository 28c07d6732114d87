//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[64,64]
//error: possible [a-z-]+ race on block

// The tiled transpose with barrier(CLK_GLOBAL_MEM_FENCE) where a local fence is needed: the
// barrier does not order the local block, so the transposed read races with the store.
// 16x16 work groups, 64x64 groups.
#define BLOCK_DIM 16

__kernel void transpose_local(__global float *out, __global const float *in,
                              uint width, uint height) {
  __local float block[BLOCK_DIM * (BLOCK_DIM + 1)];
  __requires(width == get_num_groups(0) * BLOCK_DIM);
  __requires(height == get_num_groups(1) * BLOCK_DIM);
  uint lx = get_local_id(0);
  uint ly = get_local_id(1);
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  block[ly * (BLOCK_DIM + 1) + lx] = in[y * width + x];
  barrier(CLK_GLOBAL_MEM_FENCE);
  x = get_group_id(1) * BLOCK_DIM + lx;
  y = get_group_id(0) * BLOCK_DIM + ly;
  out[y * height + x] = block[lx * (BLOCK_DIM + 1) + ly];
}
