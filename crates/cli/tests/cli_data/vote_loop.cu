// A loop leaving on a warp vote with a barrier inside: divergent when a group has two
// warps, which may vote differently.
__global__ void vote_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (!__all_sync(0xffffffffu, i >= limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
