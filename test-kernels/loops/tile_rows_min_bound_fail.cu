//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[16,16]
//possible read-write race on C\[

// tile_rows_min_bound_pass.cu with the row loop running to 32 instead of 31: a thread's
// last row is the first row of the tile below it, which another block writes.
#define tile_min(x, y) ((x) < (y) ? (x) : (y))

__global__ void scale_tiles(float *C, const float *A, int n, int m) {
  __requires(n == 512 && m > 0);
  int b0 = blockIdx.y, b1 = blockIdx.x;
  for (int r = threadIdx.y; r <= tile_min(32, n - 32 * b0 - 1); r += 8) {
    int i = 32 * b0 + r;
    int j = 32 * b1 + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < m; k++)
      acc += A[i * m + k];
    C[i * n + j] = acc * C[i * n + j];
  }
}
