//xfail:NOT_ALL_VERIFIED
//--blockDim=[32,8] --gridDim=[32,32]
//error: possible [a-z-]+ race on tile

// The tiled transpose without the __syncthreads between filling the shared tile and reading
// it transposed: thread (x, y) reads tile[x][y + j], written by another thread. 32x8
// threads, 32x32 blocks, as in the transpose write-up.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_tiled(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
