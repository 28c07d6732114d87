//pass
//--blockDim=256 --gridDim=8

// What a barrier with a reduction says of the thread's own predicate: __syncthreads_count
// is at least 1 when it holds and at most the block's size, below it when it does not;
// __syncthreads_and is nonzero only if it holds. Its one result for the block keeps the
// barrier under it uniform. The twin of syncthreads_count_fail.cu.

__global__ void count_positive(const int *in, int *out) {
  __shared__ int tile[256];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int positive = in[tid] > 0;
  int count = __syncthreads_count(positive);
  if (positive)
    __assert(count >= 1);
  else
    __assert(count < 256);
  __assert(count <= 256);
  int all = __syncthreads_and(positive);
  if (all)
    __assert(positive);
  if (count > 0) {
    tile[threadIdx.x] = in[tid];
    __syncthreads();
    out[tid] = tile[255 - threadIdx.x] + count;
  }
}
