//pass
//--blockDim=[16,16] --gridDim=[64,64]

// Naive matrix multiply of N x N matrices, N a parameter of at most 1024: one thread per
// element of C at `C[row * N + col]`, a product of two unknowns; threads outside the
// matrix do nothing.
__global__ void matmul(const float *A, const float *B, float *C, int N) {
  __requires(N > 0 && N <= 1024);
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col < N) {
    float acc = 0.0f;
    for (int k = 0; k < N; k++)
      acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
