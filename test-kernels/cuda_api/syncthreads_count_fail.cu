//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
//syncthreads_count_fail\.cu:15:\d+: error: barrier may be reached by non-uniform control flow

// syncthreads_count_pass.cu's mistake: the barrier is under the thread's own predicate,
// not under the block's count.

__global__ void count_positive(const int *in, int *out) {
  __shared__ int tile[256];
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int positive = in[tid] > 0;
  int count = __syncthreads_count(positive);
  if (positive) {
    tile[threadIdx.x] = in[tid];
    __syncthreads();
    out[tid] = tile[255 - threadIdx.x] + count;
  }
}
