//pass
//--blockDim=[32,8] --gridDim=[32,32]

// Coalesced transpose through a shared 32x33 tile (the extra column avoids bank
// conflicts), as in the public "efficient matrix transpose" write-up: 32x8 threads per
// block, 32x32 blocks for a 1024x1024 matrix.
#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transpose_tiled(float *odata, const float *idata) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  int x = blockIdx.x * TILE_DIM + threadIdx.x;
  int y = blockIdx.y * TILE_DIM + threadIdx.y;
  int width = gridDim.x * TILE_DIM;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE_DIM + threadIdx.x;
  y = blockIdx.x * TILE_DIM + threadIdx.y;
  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];
}
