//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//if_thread_cuda_fail\.cu:9:\d+: error: barrier may be reached by non-uniform control flow

__global__ void k(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 16)
    __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = s[threadIdx.x];
}
