//pass
//--blockDim=32 --gridDim=2

// Nested loops, the inner one inside a thread-dependent if.
__global__ void k(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int x = 0; x < n; x++) {
    if (threadIdx.x % 2 == 0) {
      for (int y = 0; y < 2; y++) {
        a[i] = y;
      }
    }
  }
}
