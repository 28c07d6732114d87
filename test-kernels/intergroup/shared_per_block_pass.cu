//pass
//--blockDim=64 --gridDim=8

__global__ void k(int *out) {
  __shared__ int s;
  if (threadIdx.x == 0)
    s = blockIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
