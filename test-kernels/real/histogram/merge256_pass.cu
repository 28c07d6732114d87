//pass
//--blockDim=256 --gridDim=256

// Merge of 240 partial 256-bin histograms: one block per bin, each thread sums a strided
// subset of the partials, then a shared-memory tree reduction (as the SDK's
// mergeHistogram256: 256 blocks of 256 threads).
#define BIN_COUNT 256
#define MERGE_THREADBLOCK_SIZE 256

__global__ void merge_histogram256(unsigned int *d_hist, const unsigned int *d_partial,
                                   unsigned int partial_count) {
  __shared__ unsigned int data[MERGE_THREADBLOCK_SIZE];
  unsigned int sum = 0;
  for (unsigned int i = threadIdx.x; i < partial_count; i += MERGE_THREADBLOCK_SIZE)
    sum += d_partial[blockIdx.x + i * BIN_COUNT];
  data[threadIdx.x] = sum;
  for (unsigned int stride = MERGE_THREADBLOCK_SIZE / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    if (threadIdx.x < stride)
      data[threadIdx.x] += data[threadIdx.x + stride];
  }
  if (threadIdx.x == 0)
    d_hist[blockIdx.x] = data[0];
}
