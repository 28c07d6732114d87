//pass
//--blockDim=256 --gridDim=64

// Tree reduction with interleaved addressing (the first, divergent variant of the classic
// reduction tutorial): the stride doubles and threads whose id is a multiple of twice the
// stride add their partner. 256-thread blocks as in the tutorial; 64 blocks for 16K elements.
__global__ void reduce_interleaved(const int *g_in, int *g_out) {
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_in[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
