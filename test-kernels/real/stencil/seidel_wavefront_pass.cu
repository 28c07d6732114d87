//pass
//--blockDim=256 --gridDim=8

// Gauss-Seidel 2-D sweep (5-point) parallelised by anti-diagonal wavefronts: launch d
// updates in place the cells with i + j == d; their 5-point neighbours lie on diagonals
// d - 1 (already updated) and d + 1 (not yet), never on d, so a wavefront is race-free.
// 256-thread blocks, 8 blocks (n = 2048).
__global__ void seidel_wavefront(float *A, int n, int d) {
  __requires(n == gridDim.x * blockDim.x);
  __requires(d >= 2 && d <= 2 * n - 4);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = d - i;
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
    A[i * n + j] = 0.2f * (A[(i - 1) * n + j] + A[i * n + j - 1] + A[i * n + j] +
                           A[i * n + j + 1] + A[(i + 1) * n + j]);
}
