//pass
//--blockDim=32 --gridDim=2

// Nested loops, the inner one with a thread-dependent trip count.
__global__ void k(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int x = 0; x < n; x++) {
    int y = 0;
    while (y < threadIdx.x % 3) {
      a[i] = a[i] + x + y;
      y++;
    }
  }
}
