//pass
//--blockDim=[32,8] --gridDim=[32,32]

// Naive matrix transpose as in the public "efficient matrix transpose" write-up: 32x32
// tiles processed by 32x8 thread blocks (each thread handles TILE_DIM/BLOCK_ROWS = 4
// elements), a 1024x1024 matrix (32x32 blocks).
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_naive(float *odata, const float *idata) {
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[x * width + (y + j)] = idata[(y + j) * width + x];
}
