//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,16] --gridDim=[32,32]
//error: possible [a-z-]+ race on C

// syrk with an off-by-one tile bound (c2 <= 32 instead of 31): a thread's last row is the
// first row of the next tile down, which that block's threads update too. 32x16 threads,
// 32x32 blocks.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__global__ void kernel0(float *C, const float *A, float alpha, float beta, int n, int m) {
  __requires(n == 1024 && m >= 1 && m <= 1024);
  int b0 = blockIdx.y, b1 = blockIdx.x;
  int t0 = threadIdx.y, t1 = threadIdx.x;
  for (int c2 = t0; c2 <= ppcg_min(32, n - 32 * b0 - 1); c2 += 16) {
    int i = 32 * b0 + c2;
    int j = 32 * b1 + t1;
    if (j <= i) {
      float acc = beta * C[i * n + j];
      for (int k = 0; k < m; k++)
        acc += alpha * A[i * m + k] * A[j * m + k];
      C[i * n + j] = acc;
    }
  }
}
