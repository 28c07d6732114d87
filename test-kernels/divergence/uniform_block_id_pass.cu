//pass
//--blockDim=32 --gridDim=4

__global__ void k(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  if (blockIdx.x % 2 == 0)
    __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x];
}
