//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=256
//error: possible [a-z-]+ race on data

// The histogram merge with the tree loop's __syncthreads after the update instead of
// before it: the first step reads data[threadIdx.x + stride] before the other threads have
// stored their sums. 256 blocks of 256 threads, as the SDK's merge kernel.
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
    if (threadIdx.x < stride)
      data[threadIdx.x] += data[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    d_hist[blockIdx.x] = data[0];
}
