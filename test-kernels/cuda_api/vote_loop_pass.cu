//pass
//--blockDim=32 --gridDim=4

// A loop that leaves on a warp vote, with a barrier inside: every lane of a warp gets the
// vote's one result, and a group of 32 threads is one warp, so the group leaves together.
// The twin of vote_loop_fail.cu.

__global__ void vote_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (!__all_sync(0xffffffffu, i >= limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
