//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[64,64]
//error: barrier may be reached by non-uniform control flow

// CUDA NT tiled multiply guarded for ragged edges with `if (row < M && col < N)` around
// the whole tile loop, barriers included: threads outside the matrix skip the
// __syncthreads (barrier divergence; M and N are arbitrary here). 16x16 blocks, 64x64 grid.
#define TS 16

__global__ void matmul_nt(float *C, const float *A, const float *B, int M, int N, int K) {
  __requires(K > 0 && K % TS == 0 && K <= 8192);
  __requires(M <= 1024 && N <= 1024);
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty;
  int col = blockIdx.x * TS + tx;
  if (row < M && col < N) {
    float acc = 0.0f;
    for (int t = 0; t < K; t += TS) {
      As[ty][tx] = A[row * K + t + tx];
      Bs[ty][tx] = B[(blockIdx.x * TS + ty) * K + t + tx];
      __syncthreads();
      for (int k = 0; k < TS; k++)
        acc += As[ty][k] * Bs[tx][k];
      __syncthreads();
    }
    C[row * N + col] = acc;
  }
}
