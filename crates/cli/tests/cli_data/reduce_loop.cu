// A loop bounded by the warp's largest limit (a warp reduction), with a barrier inside:
// one warp per group leaves it together, two may not.
__global__ void reduce_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (i < __reduce_max_sync(0xffffffffu, limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
