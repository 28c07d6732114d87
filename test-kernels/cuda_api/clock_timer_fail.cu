//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//clock_timer_fail\.cu:11:\d+: error: possible write-write race on timer\[\d+\]

// Every thread, not only thread 0, records the block's start time in the block's slot.
__global__ void timed(const float *in, float *out, long *timer) {
  int tid = threadIdx.x, bid = blockIdx.x;
  out[bid * blockDim.x + tid] = 2.0f * in[bid * blockDim.x + tid];
  __syncthreads();
  if (tid < blockDim.x)
    timer[bid] = clock();
}
