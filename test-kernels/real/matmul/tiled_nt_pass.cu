//pass
//--blockDim=[16,16] --gridDim=[64,64]

// CUDA tiled C = A * B^T with a padded 16x17 shared tile for the transposed operand; 16x16
// blocks, 64x64 grid (1024x1024), as SGEMM NT benchmark kernels launch it.
#define TS 16

__global__ void matmul_nt(float *C, const float *A, const float *B, int N, int K) {
  __requires(N == gridDim.x * TS && gridDim.x == gridDim.y);
  __requires(K > 0 && K % TS == 0 && K <= 8192);
  __shared__ float As[TS][TS];
  __shared__ float Bs[TS][TS + 1];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TS + ty;
  int col = blockIdx.x * TS + tx;
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
