//pass
//--blockDim=32 --gridDim=4

// Open bug (issue 17): at -O2 the structured predication modes report three possibly
// spurious races here, where the unstructured predicator verifies the kernel: the loop's
// step blockDim.x * gridDim.x is computed before the loop, and the race-log stride
// candidates seem not to get it. Not a compiler effect.

__global__ void saxpy(float a, const float *x, float *y, int n) {
  // The grid-stride loop: each thread handles the elements congruent to its global id
  // modulo the total number of threads.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
