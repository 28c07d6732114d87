// A loop whose test takes lane 0's counter by a warp shuffle, with a barrier inside: the
// interpreter draws a shuffle's result per thread, so what a run shows after one is only
// possible.
__global__ void shfl_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (__shfl_sync(0xffffffffu, i, 0) < limit[tid]) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
