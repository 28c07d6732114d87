// A loop bounded by how many lanes of the warp hold the same limit (__match_any_sync),
// with a barrier inside: the interpreter does not compute matches and draws one per
// thread, so what a run shows after one is only possible.
__global__ void match_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned peers = __match_any_sync(0xffffffffu, limit[tid]);
  for (int i = 0; i < __popc(peers); i++)
    __syncthreads();
  out[tid] = peers;
}
