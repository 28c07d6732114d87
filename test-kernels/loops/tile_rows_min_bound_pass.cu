//pass
//--blockDim=[32,8] --gridDim=[16,16]

// PPCG-style tiling: a 32x32 tile of C per block, 32x8 threads, each thread owning every
// 8th row of the tile, the row loop bounded by min(31, n - 32*b - 1) (compiled to
// branches at -O0). The tile's row pitch is the parameter n; each element is scaled by
// the sum of a row of A (a loop of unknown trip count inside the row loop).
#define tile_min(x, y) ((x) < (y) ? (x) : (y))

__global__ void scale_tiles(float *C, const float *A, int n, int m) {
  __requires(n == 512 && m > 0);
  int b0 = blockIdx.y, b1 = blockIdx.x;
  for (int r = threadIdx.y; r <= tile_min(31, n - 32 * b0 - 1); r += 8) {
    int i = 32 * b0 + r;
    int j = 32 * b1 + threadIdx.x;
    float acc = 0.0f;
    for (int k = 0; k < m; k++)
      acc += A[i * m + k];
    C[i * n + j] = acc * C[i * n + j];
  }
}
