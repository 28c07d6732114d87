//pass
//--blockDim=256 --gridDim=64

// Block sum with warp shuffles, after the public description of the CUDA samples' shuffle
// reductions (reduction kernel 7 / shfl_scan): each warp folds its 32 values with
// __shfl_down_sync, lane 0 of each warp stores the warp's sum in shared memory, and after a
// barrier the first warp reduces the 8 warp sums the same way; thread 0 writes the block's
// result. Each thread first sums its elements with a grid-stride loop. 256-thread blocks,
// 64 blocks.
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
  __syncthreads();
  if (warp == 0) {
    sum = lane < blockDim.x / 32 ? warpSums[lane] : 0.0f;
    for (int offset = 16; offset > 0; offset >>= 1)
      sum += __shfl_down_sync(0xffffffff, sum, offset);
    if (lane == 0)
      g_odata[blockIdx.x] = sum;
  }
}
