//xfail:NOT_ALL_VERIFIED
//--blockDim=8 --gridDim=2
//shared_memcpy_no_barrier_fail\.cu:11:\d+: error: possible write-read race on tile\[\d+\]

// Thread 0 copies the tile, but nobody waits for it.
__global__ void k(const int *in, int *out) {
  __shared__ int tile[8];
  if (threadIdx.x == 0)
    memcpy(tile, in + blockIdx.x * 8, sizeof(tile));
  // missing __syncthreads()
  out[blockIdx.x * 8 + threadIdx.x] = tile[7 - threadIdx.x];
}
