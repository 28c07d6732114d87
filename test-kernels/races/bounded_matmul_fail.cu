//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[64,64]
//bounded_matmul_fail\.cu:\d+:\d+: error: possible write-write race on C\[

// As `bounded_matmul_pass.cu` with the column test off by one: thread (row, N) stores
// element N of its row, which is element 0 of the next row, thread (row + 1, 0)'s.
__global__ void matmul(const float *A, const float *B, float *C, int N) {
  __requires(N > 0 && N <= 1024);
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < N && col <= N) {
    float acc = 0.0f;
    for (int k = 0; k < N; k++)
      acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
  }
}
