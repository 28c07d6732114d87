//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
//error: possible [a-z-]+ race on A

// The anti-diagonal wavefront applied to PolyBench's 9-point seidel-2d stencil: the
// corner neighbours (i - 1, j + 1) and (i + 1, j - 1) lie on the same diagonal i + j == d,
// which other threads update in place in the same launch (the 9-point stencil needs the
// 2i + j wavefront). 256-thread blocks, 8 blocks.
__global__ void seidel_wavefront(float *A, int n, int d) {
  __requires(n == gridDim.x * blockDim.x);
  __requires(d >= 2 && d <= 2 * n - 4);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int j = d - i;
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
    A[i * n + j] = (A[(i - 1) * n + j - 1] + A[(i - 1) * n + j] + A[(i - 1) * n + j + 1] +
                    A[i * n + j - 1] + A[i * n + j] + A[i * n + j + 1] +
                    A[(i + 1) * n + j - 1] + A[(i + 1) * n + j] + A[(i + 1) * n + j + 1]) /
                   9.0f;
}
