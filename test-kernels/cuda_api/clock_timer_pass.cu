//pass
//--blockDim=256 --gridDim=64

// The CUDA samples' clock idiom: thread 0 of each block records clock() before and after
// the block's work, in its block's two slots of `timer` (clock64 for the work itself).
// The counters are arbitrary values; only who writes where matters.
__global__ void timed(const float *in, float *out, long *timer, long long *cycles) {
  int tid = threadIdx.x, bid = blockIdx.x;
  if (tid == 0)
    timer[bid] = clock();
  long long start = clock64();
  out[bid * blockDim.x + tid] = 2.0f * in[bid * blockDim.x + tid];
  cycles[bid * blockDim.x + tid] = clock64() - start;
  __syncthreads();
  if (tid == 0)
    timer[bid + gridDim.x] = clock();
}
