// A small CUDA kernel with a device helper, a __shared__ array and a barrier.
__device__ unsigned int next(unsigned int i, unsigned int n) {
  unsigned int j = i + 1;
  return j == n ? 0 : j;
}

__global__ void rotate(int *data) {
  __shared__ int buffer[256];
  unsigned int t = threadIdx.x;
  buffer[t] = data[blockIdx.x * blockDim.x + t];
  __syncthreads();
  data[blockIdx.x * blockDim.x + t] = buffer[next(t, blockDim.x)];
}
