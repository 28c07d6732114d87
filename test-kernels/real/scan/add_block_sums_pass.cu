//pass
//--blockDim=256 --gridDim=256

// Third pass of a large multi-block scan ("uniform add"): after each 512-element block has
// been scanned and the block sums scanned in turn, every block adds its scanned sum to its
// 512 elements. Thread 0 stages the value in shared memory. 256 threads handle 512 elements
// per block; 256 blocks (128K elements).
__global__ void uniform_add(float *g_data, const float *g_incr, int n) {
  __shared__ float uni;
  if (threadIdx.x == 0)
    uni = g_incr[blockIdx.x];
  __syncthreads();
  unsigned int address = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  if (address < n)
    g_data[address] += uni;
  if (address + blockDim.x < n)
    g_data[address + blockDim.x] += uni;
}
