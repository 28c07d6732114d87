//pass
//--blockDim=32 --gridDim=4

// A loop bounded by lane 0's limit, broadcast by a warp shuffle, with a barrier inside:
// every lane of the warp reads the same source lane, so a group of one warp leaves the
// loop together. The twin of shfl_broadcast_fail.cu.

__global__ void broadcast_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (i < __shfl_sync(0xffffffffu, limit[tid], 0)) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
