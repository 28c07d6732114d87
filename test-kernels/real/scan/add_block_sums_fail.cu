//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=256
//error: possible [a-z-]+ race on uni

// The uniform-add pass without the __syncthreads after thread 0 stages the block's
// increment: other threads read `uni` while thread 0 writes it. 256 threads, 256 blocks.
__global__ void uniform_add(float *g_data, const float *g_incr, int n) {
  __shared__ float uni;
  if (threadIdx.x == 0)
    uni = g_incr[blockIdx.x];
  unsigned int address = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  if (address < n)
    g_data[address] += uni;
  if (address + blockDim.x < n)
    g_data[address + blockDim.x] += uni;
}
