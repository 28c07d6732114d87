//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//shfl_index_fail\.cu:14:\d+: error: possible write-write race on out\[\d+\]

// A shuffled value used as an index: another lane's value may equal this lane's, so two
// threads may write the same element. The twin of shfl_reduce_pass.cu.

__global__ void scatter(const int *in, int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int lane = threadIdx.x % 32;
  int from = __shfl_xor_sync(0xffffffffu, v, 1);
  if (lane < 16)
    out[from] = lane;
}
