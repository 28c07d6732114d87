//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[63,63]
//error: possible [a-z-]+ race on peri_(row|col)

// As `lud_internal_pass.cu` without the __syncthreads() between filling the tiles and
// reading them: a thread reads peri_col[ty][i] and peri_row[i][tx] that other threads
// of its group may not have written yet.
#define BLOCK_SIZE 16
__global__ void lud_internal(float *m, int matrix_dim, int offset) {
  __requires(matrix_dim == 1024);
  __requires(offset >= 0 && offset % 16 == 0 && offset < 1024 - 16);
  __shared__ float peri_row[BLOCK_SIZE][BLOCK_SIZE];
  __shared__ float peri_col[BLOCK_SIZE][BLOCK_SIZE];
  int i, sum;
  int global_row_id, global_col_id;
  int tx = threadIdx.x, ty = threadIdx.y;
  global_row_id = offset + (blockIdx.y + 1) * BLOCK_SIZE;
  global_col_id = offset + (blockIdx.x + 1) * BLOCK_SIZE;
  if (global_row_id + ty >= matrix_dim || global_col_id + tx >= matrix_dim)
    return;
  peri_row[ty][tx] = m[(offset + ty) * matrix_dim + global_col_id + tx];
  peri_col[ty][tx] = m[(global_row_id + ty) * matrix_dim + offset + tx];
  float s = 0;
  for (i = 0; i < BLOCK_SIZE; i++)
    s += peri_col[ty][i] * peri_row[i][tx];
  m[(global_row_id + ty) * matrix_dim + global_col_id + tx] -= s;
}
