//pass
//--local_size=[16,16] --num_groups=[64,64]

// Tiled OpenCL transpose through a 16x17 local block (padding against bank conflicts):
// 16x16 work groups, 64x64 groups for a 1024x1024 matrix, width and height multiples of 16.
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
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * BLOCK_DIM + lx;
  y = get_group_id(0) * BLOCK_DIM + ly;
  out[y * height + x] = block[lx * (BLOCK_DIM + 1) + ly];
}
