//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//helper_requires_broken_fail\.cu:7:\d+: error: this assertion might not hold

// The helper requires an index inside the tile; thread 63 passes 64.
__device__ int load(const int *tile, unsigned i) {
  __requires(i < 64);
  return tile[i];
}

__global__ void k(const int *in, int *out) {
  unsigned t = threadIdx.x;
  out[t] = load(in, t + 1);
}
