//pass
//--blockDim=32 --gridDim=4

__global__ void saxpy(float a, const float *x, float *y, int n) {
  // The grid-stride loop: each thread handles the elements congruent to its global id
  // modulo the total number of threads.
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    y[i] = a * x[i] + y[i];
}
