//pass
//--blockDim=256 --gridDim=128

// Tree reduction with sequential addressing (halving stride, no bank conflicts), the
// third variant of the reduction tutorial: 256-thread blocks, 128 blocks.
__global__ void reduce_sequential(const float *g_in, float *g_out, unsigned int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
