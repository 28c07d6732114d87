//pass
//--blockDim=64 --gridDim=2

// Nested thread-dependent ifs, with and without else, and a barrier under a uniform
// condition.
__global__ void k(int *a, int n) {
  __shared__ int tile[64];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i;
  if (n > 4) {
    __syncthreads();
    a[i] = tile[(threadIdx.x + 1) % 64];
  }
  if (i % 4 != 0) {
    if (i % 4 == 1) {
      a[i] = 1;
    } else {
      if (i % 4 == 2)
        a[i] = 2;
    }
  } else {
    a[i] = 0;
  }
}
