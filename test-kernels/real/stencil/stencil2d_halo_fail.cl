//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[64,64]

// The twin: the top-halo branch synchronises by itself (a barrier inside `if (ly == 0)`),
// so only the first row of work items reaches that barrier: barrier divergence.
// 9-point 2-D stencil in the shape of SHOC Stencil2D: each 16x16 group stages its tile plus
// a one-cell halo (18x18) in local memory; edge work items also load the halo row/column and
// the four corner work items the corners; after a barrier each work item writes one weighted
// sum. The 1024x1024 interior lives in a buffer padded by one cell on each side (pitch 1026).
#define LROWS 16
#define LCOLS 16

__kernel void StencilKernel(__global const float *data, __global float *newData, int pitch,
                            float wCenter, float wCardinal, float wDiagonal) {
  __requires(pitch == 1026);
  __local float sh[LROWS + 2][LCOLS + 2];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_global_id(0) + 1, gy = get_global_id(1) + 1;
  sh[ly + 1][lx + 1] = data[gy * pitch + gx];
  if (ly == 0) {
    sh[0][lx + 1] = data[(gy - 1) * pitch + gx];
    if (lx == 0) sh[0][0] = data[(gy - 1) * pitch + gx - 1];
    if (lx == LCOLS - 1) sh[0][LCOLS + 1] = data[(gy - 1) * pitch + gx + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (ly == LROWS - 1) {
    sh[LROWS + 1][lx + 1] = data[(gy + 1) * pitch + gx];
    if (lx == 0) sh[LROWS + 1][0] = data[(gy + 1) * pitch + gx - 1];
    if (lx == LCOLS - 1) sh[LROWS + 1][LCOLS + 1] = data[(gy + 1) * pitch + gx + 1];
  }
  if (lx == 0)
    sh[ly + 1][0] = data[gy * pitch + gx - 1];
  if (lx == LCOLS - 1)
    sh[ly + 1][LCOLS + 1] = data[gy * pitch + gx + 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  int r = ly + 1, c = lx + 1;
  newData[gy * pitch + gx] =
      wCenter * sh[r][c] +
      wCardinal * (sh[r - 1][c] + sh[r + 1][c] + sh[r][c - 1] + sh[r][c + 1]) +
      wDiagonal * (sh[r - 1][c - 1] + sh[r - 1][c + 1] + sh[r + 1][c - 1] + sh[r + 1][c + 1]);
}
