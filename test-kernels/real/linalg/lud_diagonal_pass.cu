//pass
//--blockDim=16 --gridDim=1

// Rodinia lud's lud_diagonal kernel, written from the public description: LU decomposition
// of a 2048x2048 matrix in 16x16 blocks; one block of 16 threads factors the diagonal block at
// (offset, offset). The block is copied into shared memory (thread tx copies column tx of each
// row); then for each i, threads below the diagonal update column i (the L part) and, after
// a barrier, row i+1 (the U part), with a barrier after each step; rows 1..15 are written back.
#define BLOCK_SIZE 16

__global__ void lud_diagonal(float *m, int matrix_dim, int offset) {
  __requires(matrix_dim == 2048);
  __requires(offset >= 0 && offset <= matrix_dim - BLOCK_SIZE && offset % BLOCK_SIZE == 0);
  __shared__ float shadow[BLOCK_SIZE][BLOCK_SIZE];
  int i, j;
  int array_offset = offset * matrix_dim + offset;
  for (i = 0; i < BLOCK_SIZE; i++) {
    shadow[i][threadIdx.x] = m[array_offset + threadIdx.x];
    array_offset += matrix_dim;
  }
  __syncthreads();
  for (i = 0; i < BLOCK_SIZE - 1; i++) {
    if (threadIdx.x > i) {
      for (j = 0; j < i; j++)
        shadow[threadIdx.x][i] -= shadow[threadIdx.x][j] * shadow[j][i];
      shadow[threadIdx.x][i] /= shadow[i][i];
    }
    __syncthreads();
    if (threadIdx.x > i) {
      for (j = 0; j < i + 1; j++)
        shadow[i + 1][threadIdx.x] -= shadow[i + 1][j] * shadow[j][threadIdx.x];
    }
    __syncthreads();
  }
  array_offset = (offset + 1) * matrix_dim + offset;
  for (i = 1; i < BLOCK_SIZE; i++) {
    m[array_offset + threadIdx.x] = shadow[i][threadIdx.x];
    array_offset += matrix_dim;
  }
}
