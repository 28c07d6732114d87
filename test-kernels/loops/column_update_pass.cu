//pass
//--blockDim=16 --gridDim=1

// The column step of a 16x16 LU factorisation in shared memory (as Rodinia's lud_diagonal
// does it): for each column i, the threads below the diagonal (tx > i) update their entry
// of column i from their row and column i above the diagonal, then divide by the pivot.
// The inner loop reads `s[tx][j]` (row tx) and `s[j][i]` (column i above row i): its read
// log is at one of its sites, and apart from the writes of `s[tx'][i]` only by that.
#define B 16
__global__ void column_update(float *m) {
  __shared__ float s[B][B];
  for (int r = 0; r < B; r++)
    s[r][threadIdx.x] = m[r * B + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < B - 1; i++) {
    if (threadIdx.x > i) {
      for (int j = 0; j < i; j++)
        s[threadIdx.x][i] -= s[threadIdx.x][j] * s[j][i];
      s[threadIdx.x][i] /= s[i][i];
    }
    __syncthreads();
  }
  for (int r = 0; r < B; r++)
    m[r * B + threadIdx.x] = s[r][threadIdx.x];
}
