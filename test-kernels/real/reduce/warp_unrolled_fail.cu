//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on sdata

// The unrolled-last-warp reduction verified without warp-synchronous semantics (as on GPUs
// with independent thread scheduling, where the tutorial's code needs __syncwarp): thread 0
// reads sdata[16] while thread 16 writes it. 256-thread blocks as in the tutorial.
__device__ void warp_reduce(volatile int *sdata, unsigned int tid) {
  sdata[tid] += sdata[tid + 32];
  sdata[tid] += sdata[tid + 16];
  sdata[tid] += sdata[tid + 8];
  sdata[tid] += sdata[tid + 4];
  sdata[tid] += sdata[tid + 2];
  sdata[tid] += sdata[tid + 1];
}

__global__ void reduce_unrolled(const int *g_in, int *g_out) {
  __shared__ int sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  sdata[tid] = g_in[i] + g_in[i + blockDim.x];
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32)
    warp_reduce(sdata, tid);
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
