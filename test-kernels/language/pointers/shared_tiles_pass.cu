//pass
//--blockDim=32 --gridDim=8

// A block picks one of two shared tiles by its block index (uniform in the block); the
// threads fill their own elements, synchronise, and read a neighbour's.
__global__ void k(int *out) {
  __shared__ int even[32];
  __shared__ int odd[32];
  int *tile = (blockIdx.x % 2) ? odd : even;
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 32 + threadIdx.x] = tile[(threadIdx.x + 1) % 32];
}
