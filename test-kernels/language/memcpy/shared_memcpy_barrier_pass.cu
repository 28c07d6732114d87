//pass
//--blockDim=8 --gridDim=2

// Thread 0 copies the block's tile into shared memory; everyone reads it after the
// barrier.
__global__ void k(const int *in, int *out) {
  __shared__ int tile[8];
  if (threadIdx.x == 0)
    memcpy(tile, in + blockIdx.x * 8, sizeof(tile));
  __syncthreads();
  out[blockIdx.x * 8 + threadIdx.x] = tile[7 - threadIdx.x];
}
