//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//shfl_broadcast_fail\.cu:12:\d+: error: barrier may be reached by non-uniform control flow

// shfl_broadcast_pass.cu with groups of two warps: each warp broadcasts its own lane 0's
// limit, so the warps may leave the loop at different times.

__global__ void broadcast_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (i < __shfl_sync(0xffffffffu, limit[tid], 0)) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
