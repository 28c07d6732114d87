//pass
//--blockDim=32 --gridDim=4

__global__ void skip_thirds(int *a, int n) {
  // A grid-stride loop with continue: skipped elements are simply not written.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (i % 3 == 0)
      continue;
    a[i] = i;
  }
}
