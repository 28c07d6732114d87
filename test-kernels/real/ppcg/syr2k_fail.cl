//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[32,32]

// PolyBench syr2k (C = alpha A B^T + alpha B A^T + beta C on the lower triangle) as PPCG
// emits it for OpenCL: group (b1, b0) owns the 32x32 tile of C at rows 32 b0, columns 32 b1;
// only tiles touching the lower triangle work (b0 >= b1, uniform per group). Per 32-wide
// step of the k loop the row slabs of A and B for the tile's rows (i) and columns (j) are
// staged in four __local tiles; each work item owns 4 rows t0 + 8 c of its column and keeps
// them in a private array. n = m = 1024: 32x32 groups of 32x8.
// Defect: the triangle test is made per work item (row t0 >= column t1 within the tile)
// instead of per group, so on the diagonal tiles the barriers of the k loop are divergent.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *C, __global const float *A, __global const float *B,
                      float alpha, float beta, int n, int m) {
  __requires(n == 1024 && m == 1024);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_Ai[32][32];
  __local float shared_Bi[32][32];
  __local float shared_Aj[32][32];
  __local float shared_Bj[32][32];
  float private_C[4];

  if (32 * b0 + t0 >= 32 * b1 + t1) {
    for (int c = 0; c < 4; c++)
      if (32 * b0 + t0 + 8 * c >= 32 * b1 + t1)
        private_C[c] = beta * C[(32 * b0 + t0 + 8 * c) * n + 32 * b1 + t1];
    for (int c2 = 0; c2 <= floord(m - 1, 32); c2++) {
      for (int c3 = t0; c3 <= 31; c3 += 8)
        if (m >= 32 * c2 + t1 + 1) {
          shared_Ai[c3][t1] = A[(32 * b0 + c3) * m + 32 * c2 + t1];
          shared_Bi[c3][t1] = B[(32 * b0 + c3) * m + 32 * c2 + t1];
          shared_Aj[c3][t1] = A[(32 * b1 + c3) * m + 32 * c2 + t1];
          shared_Bj[c3][t1] = B[(32 * b1 + c3) * m + 32 * c2 + t1];
        }
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int c = 0; c < 4; c++)
        if (32 * b0 + t0 + 8 * c >= 32 * b1 + t1)
          for (int c3 = 0; c3 <= ppcg_min(31, m - 32 * c2 - 1); c3++)
            private_C[c] += shared_Aj[t1][c3] * alpha * shared_Bi[t0 + 8 * c][c3] +
                            shared_Bj[t1][c3] * alpha * shared_Ai[t0 + 8 * c][c3];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int c = 0; c < 4; c++)
      if (32 * b0 + t0 + 8 * c >= 32 * b1 + t1)
        C[(32 * b0 + t0 + 8 * c) * n + 32 * b1 + t1] = private_C[c];
  }
}
