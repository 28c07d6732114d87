//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//shfl_relations_fail\.cu:14:\d+: error: this assertion might not hold

// shfl_relations_pass.cu's mistake: a butterfly exchange with lane mask 1 reads the
// neighbour's value, not the thread's own.

__global__ void shuffles(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[tid];
  int lane = threadIdx.x % 32;
  int swapped = __shfl_xor_sync(0xffffffffu, v, 1);
  if (lane < 32)
    __assert(swapped == v);
  out[tid] = swapped;
}
