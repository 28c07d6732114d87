//pass
//--local_size=32 --num_groups=32

// PolyBench 4 trmm (B = alpha A^T B, A unit lower triangular, B updated in place):
// B[i][j] += sum_{k > i} A[k][i] * B[k][j], then B[i][j] *= alpha. Only the columns j are
// independent, so PPCG emits one kernel over j with the i loop inside; per 32-wide tile of
// the k loop (starting at the tile holding i + 1) the column i of A is staged in __local
// memory, and the k bounds are written with max()/min(). m = n = 1024: 32 groups of 32.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define ppcg_max(x, y) ((x) > (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global float *B, float alpha, int m, int n) {
  __requires(m == 1024 && n == 1024);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  __local float shared_A[32];
  float private_B;

  for (int c0 = 0; c0 < m; c0++) {
    if (n >= 32 * b0 + t0 + 1)
      private_B = B[c0 * n + 32 * b0 + t0];
    for (int c2 = floord(c0 + 1, 32); c2 <= floord(m - 1, 32); c2++) {
      if (m >= 32 * c2 + t0 + 1 && 32 * c2 + t0 >= c0 + 1)
        shared_A[t0] = A[(32 * c2 + t0) * m + c0];
      barrier(CLK_LOCAL_MEM_FENCE);
      if (n >= 32 * b0 + t0 + 1)
        for (int c3 = ppcg_max(0, c0 - 32 * c2 + 1); c3 <= ppcg_min(31, m - 32 * c2 - 1); c3++)
          private_B += shared_A[c3] * B[(32 * c2 + c3) * n + 32 * b0 + t0];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (n >= 32 * b0 + t0 + 1)
      B[c0 * n + 32 * b0 + t0] = alpha * private_B;
  }
}
