//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on warpSums

// As `warp_shuffle_reduce_pass.cu`, without the barrier between the warps' stores of their
// sums and the first warp's reads of them: lane k of warp 0 reads warpSums[k] while lane 0
// of warp k may still be writing it.
__global__ void reduce_shfl(const float *g_idata, float *g_odata, unsigned int n) {
  __requires(n == 1048576);
  __shared__ float warpSums[32];
  unsigned int tid = threadIdx.x;
  unsigned int lane = tid & 31, warp = tid >> 5;
  float sum = 0.0f;
  for (unsigned int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    sum += g_idata[i];
  for (int offset = 16; offset > 0; offset >>= 1)
    sum += __shfl_down_sync(0xffffffff, sum, offset);
  if (lane == 0)
    warpSums[warp] = sum;
  if (warp == 0) {
    sum = lane < blockDim.x / 32 ? warpSums[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down_sync(0xffffffff, sum, offset);
    if (lane == 0)
      g_odata[blockIdx.x] = sum;
  }
}
