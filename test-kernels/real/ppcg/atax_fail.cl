//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=125

// PolyBench atax (y = A^T (A x)), the second kernel as PPCG emits it for OpenCL: y[j] =
// sum_i A[i][j] * tmp[i]. Each group owns 32 columns j; per step of the i loop a 32x32 tile
// of A (rows i, this group's columns) and 32 elements of tmp are staged in __local memory by
// loops bounded with min(); each work item accumulates its column in a private scalar.
// nx = ny = 4000: 125 groups of 32.
// Defect: the barrier closing each i step is missing, so the next step's load of shared_tmp
// overwrites elements other work items are still reading.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel1(__global const float *A, __global const float *tmp, __global float *y,
                      int nx, int ny) {
  __requires(nx == 4000 && ny == 4000);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  __local float shared_A[32][32];
  __local float shared_tmp[32];
  float private_y;

  if (ny >= 32 * b0 + t0 + 1)
    private_y = 0.0f;
  for (int c1 = 0; c1 <= floord(nx - 1, 32); c1++) {
    if (ny >= 32 * b0 + t0 + 1)
      for (int c2 = 0; c2 <= ppcg_min(31, nx - 32 * c1 - 1); c2++)
        shared_A[c2][t0] = A[(32 * c1 + c2) * ny + 32 * b0 + t0];
    if (nx >= 32 * c1 + t0 + 1)
      shared_tmp[t0] = tmp[32 * c1 + t0];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ny >= 32 * b0 + t0 + 1)
      for (int c2 = 0; c2 <= ppcg_min(31, nx - 32 * c1 - 1); c2++)
        private_y += shared_A[c2][t0] * shared_tmp[c2];
  }
  if (ny >= 32 * b0 + t0 + 1)
    y[32 * b0 + t0] = private_y;
}
