//pass
//--blockDim=256 --gridDim=64 --warp-sync=32

// Reduction with the last warp unrolled (the tutorial's fifth variant): once s <= 32 the
// remaining steps run without __syncthreads, relying on the 32 threads of the first warp
// running in lock-step (hence --warp-sync=32) and on a volatile pointer. 256-thread blocks,
// each thread first adds two elements (first add during load).
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
