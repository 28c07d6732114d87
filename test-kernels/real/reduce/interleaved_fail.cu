//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on sdata

// The interleaved-addressing reduction with the barrier moved out of the loop: a step's
// read of sdata[tid + s] races with the partner's write in the previous step.
// 256-thread blocks as in the reduction tutorial.
__global__ void reduce_interleaved(const int *g_in, int *g_out) {
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = g_in[i];
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0)
      sdata[tid] += sdata[tid + s];
  }
  __syncthreads();
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
