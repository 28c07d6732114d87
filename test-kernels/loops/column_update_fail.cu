//xfail:NOT_ALL_VERIFIED
//--blockDim=16 --gridDim=1

// The twin of column_update_pass.cu with the diagonal thread in the update (tx >= i):
// thread i divides its pivot s[i][i] by itself while the threads below read it.
#define B 16
__global__ void column_update(float *m) {
  __shared__ float s[B][B];
  for (int r = 0; r < B; r++)
    s[r][threadIdx.x] = m[r * B + threadIdx.x];
  __syncthreads();
  for (int i = 0; i < B - 1; i++) {
    if (threadIdx.x >= i) {
      for (int j = 0; j < i; j++)
        s[threadIdx.x][i] -= s[threadIdx.x][j] * s[j][i];
      s[threadIdx.x][i] /= s[i][i];
    }
    __syncthreads();
  }
  for (int r = 0; r < B; r++)
    m[r * B + threadIdx.x] = s[r][threadIdx.x];
}
