//pass
//--blockDim=192 --gridDim=240

// 256-bin byte histogram with per-warp sub-histograms in shared memory, after the public
// description of the CUDA SDK histogram256 sample: 192-thread blocks (6 warps), 240 partial
// histograms. Each warp counts into its own 256 bins with shared atomics, then the block
// sums the 6 sub-histograms per bin into its partial histogram.
#define BIN_COUNT 256
#define WARP_COUNT 6
#define WARP_LOG_SIZE 5

__global__ void histogram256(unsigned int *d_partial, const unsigned int *d_data,
                             unsigned int data_count) {
  __shared__ unsigned int s_hist[WARP_COUNT * BIN_COUNT];
  unsigned int *s_warp_hist = s_hist + (threadIdx.x >> WARP_LOG_SIZE) * BIN_COUNT;
  for (unsigned int i = threadIdx.x; i < WARP_COUNT * BIN_COUNT; i += blockDim.x)
    s_hist[i] = 0;
  __syncthreads();
  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < data_count;
       pos += blockDim.x * gridDim.x) {
    unsigned int word = d_data[pos];
    atomicAdd(s_warp_hist + ((word >> 0) & 0xFFU), 1);
    atomicAdd(s_warp_hist + ((word >> 8) & 0xFFU), 1);
    atomicAdd(s_warp_hist + ((word >> 16) & 0xFFU), 1);
    atomicAdd(s_warp_hist + ((word >> 24) & 0xFFU), 1);
  }
  __syncthreads();
  for (unsigned int bin = threadIdx.x; bin < BIN_COUNT; bin += blockDim.x) {
    unsigned int sum = 0;
    for (unsigned int i = 0; i < WARP_COUNT; i++)
      sum += s_hist[bin + i * BIN_COUNT];
    d_partial[blockIdx.x * BIN_COUNT + bin] = sum;
  }
}
