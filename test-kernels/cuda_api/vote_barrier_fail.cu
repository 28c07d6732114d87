//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//vote_barrier_fail\.cu:13:\d+: error: barrier may be reached by non-uniform control flow

// A vote is the same in every lane of a warp, but warps may vote differently: a barrier
// under a vote is divergent. The twin of vote_count_pass.cu.

__global__ void vote_barrier(const int *in, int *out) {
  __shared__ int tile[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = in[i];
  if (__any_sync(0xffffffffu, in[i] > 0))
    __syncthreads();
  out[i] = tile[255 - threadIdx.x];
}
