//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//error: barrier may be reached by non-uniform control flow

// Sequential-addressing reduction with the __syncthreads moved inside `if (tid < s)`: only
// the active half reaches the barrier (barrier divergence). 256-thread blocks as in the
// reduction tutorial.
__global__ void reduce_sequential(const float *g_in, float *g_out, unsigned int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_in[i] : 0.0f;
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];
      __syncthreads();
    }
  }
  if (tid == 0)
    g_out[blockIdx.x] = sdata[0];
}
