//pass
//--blockDim=[32,32] --gridDim=[20,10]

// Tiled matrix multiply C = A * B with 32x32 shared tiles, as described for the CUDA
// matrixMul sample: 32x32 thread blocks, a 20x10 grid (C is 640x320). The __requires say
// that B's and C's row width matches the grid, which the host guarantees.
#define BLOCK_SIZE 32

__global__ void matmul_nn(float *C, const float *A, const float *B, int wA, int wB) {
  __requires(wB == gridDim.x * BLOCK_SIZE);
  __requires(wA > 0 && wA % BLOCK_SIZE == 0 && wA <= 4096);
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK_SIZE * by;
  int aEnd = aBegin + wA - 1;
  int aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx;
  int bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
    for (int k = 0; k < BLOCK_SIZE; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
