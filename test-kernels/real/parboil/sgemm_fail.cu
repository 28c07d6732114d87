//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,8] --gridDim=[8,16]
//error: possible [a-z-]+ race on b_s

// As `sgemm_pass.cu` without the second __syncthreads() of each step of k: the next tile
// of B overwrites b_s while slower threads still read the last one.
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)
__global__ void mysgemmNT(const float *A, int lda, const float *B, int ldb, float *C, int ldc,
                          int k, float alpha, float beta) {
  __requires(lda == 1024 && ldb == 128 && ldc == 1024 && k == 128);
  float c[TILE_N];
  for (int i = 0; i < TILE_N; i++)
    c[i] = 0.0f;
  int mid = threadIdx.y * blockDim.x + threadIdx.x;
  int m = blockIdx.x * TILE_M + mid;
  int n = blockIdx.y * TILE_N + threadIdx.x;
  __shared__ float b_s[TILE_TB_HEIGHT][TILE_N];
  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    float a;
    b_s[threadIdx.y][threadIdx.x] = B[n + (i + threadIdx.y) * ldb];
    __syncthreads();
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      a = A[m + (i + j) * lda];
      for (int kk = 0; kk < TILE_N; kk++)
        c[kk] += a * b_s[j][kk];
    }
  }
  int t = ldc * blockIdx.y * TILE_N + m;
  for (int i = 0; i < TILE_N; i++)
    C[t + i * ldc] = C[t + i * ldc] * beta + alpha * c[i];
}
