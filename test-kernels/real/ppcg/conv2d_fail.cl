//xfail:NOT_ALL_VERIFIED
//--local_size=[32,16] --num_groups=[128,128]

// PolyBench/GPU 2DConvolution (3x3 filter with constant weights, borders left alone) as PPCG
// emits it for OpenCL: the interior points (i, j), 1 <= i, j <= n - 2, are shifted by one and
// tiled 32x32 per group; the 32x16 work items each own two rows (t0, t0 + 16) of the tile,
// walked by a loop bounded with min(), and read A directly from global memory.
// ni = nj = 4096: 128x128 groups of 32x16.
// Defect: the row loop steps by 8 instead of the 16 rows of the block, so work items t0 and
// t0 + 8 write the same row.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global float *B, int ni, int nj) {
  __requires(ni == 4096 && nj == 4096);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  const float c11 = 0.2f, c21 = 0.5f, c31 = -0.8f;
  const float c12 = -0.3f, c22 = 0.6f, c32 = -0.9f;
  const float c13 = 0.4f, c23 = 0.7f, c33 = 0.10f;

  if (nj >= 32 * b1 + t1 + 3)
    for (int c2 = t0; c2 <= ppcg_min(31, ni - 32 * b0 - 3); c2 += 8) {
      int i = 32 * b0 + c2 + 1, j = 32 * b1 + t1 + 1;
      B[i * nj + j] = c11 * A[(i - 1) * nj + (j - 1)] + c12 * A[i * nj + (j - 1)] +
                      c13 * A[(i + 1) * nj + (j - 1)] + c21 * A[(i - 1) * nj + j] +
                      c22 * A[i * nj + j] + c23 * A[(i + 1) * nj + j] +
                      c31 * A[(i - 1) * nj + (j + 1)] + c32 * A[i * nj + (j + 1)] +
                      c33 * A[(i + 1) * nj + (j + 1)];
    }
}
