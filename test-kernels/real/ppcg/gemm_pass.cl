//pass
//--local_size=[32,4] --num_groups=[32,32]

// PolyBench gemm (C = alpha A B + beta C) in the shape the PPCG code generator emits for
// OpenCL: 32x32 tiles of C per group, 32x4 work items each owning an 8-row strip, __local
// copies of 32x32 tiles of A and B filled by loops bounded with min(), a private
// accumulator array, and floord-style tile loops. 1024x1024 matrices: 32x32 groups.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *C, __global const float *A, __global const float *B,
                      float alpha, float beta, int ni, int nj, int nk) {
  __requires(ni == 1024 && nj == 1024 && nk >= 1 && nk <= 1024);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_A[32][32];
  __local float shared_B[32][32];
  float private_C[8];

  for (int c0 = 0; c0 < 8; c0++)
    private_C[c0] = beta * C[(32 * b0 + t0 + 4 * c0) * nj + 32 * b1 + t1];
  for (int c2 = 0; c2 <= floord(nk - 1, 32); c2++) {
    for (int c3 = t0; c3 <= ppcg_min(31, nk - 32 * c2 - 1); c3 += 4)
      shared_B[c3][t1] = B[(32 * c2 + c3) * nj + 32 * b1 + t1];
    for (int c4 = t1; c4 <= ppcg_min(31, nk - 32 * c2 - 1); c4 += 32)
      for (int c3 = t0; c3 <= 31; c3 += 4)
        shared_A[c3][c4] = A[(32 * b0 + c3) * nk + 32 * c2 + c4];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c3 = 0; c3 <= ppcg_min(31, nk - 32 * c2 - 1); c3++)
      for (int c0 = 0; c0 < 8; c0++)
        private_C[c0] += alpha * shared_A[t0 + 4 * c0][c3] * shared_B[c3][t1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int c0 = 0; c0 < 8; c0++)
    C[(32 * b0 + t0 + 4 * c0) * nj + 32 * b1 + t1] = private_C[c0];
}
