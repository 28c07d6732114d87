//pass
//--blockDim=128 --gridDim=16

// A block-wide search that stops when any thread of the block has found the key:
// __syncthreads_or is a barrier and gives every thread of the block one result, so the
// block leaves the loop together. The twin of syncthreads_or_fail.cu.

__global__ void find_key(const int *data, int n, int key, int *pos) {
  __shared__ int best;
  if (threadIdx.x == 0)
    best = n;
  __syncthreads();
  for (int base = blockIdx.x * blockDim.x; base < n; base += blockDim.x * gridDim.x) {
    int i = base + threadIdx.x;
    int hit = i < n && data[i] == key;
    if (hit)
      atomicMin(&best, i);
    if (__syncthreads_or(hit))
      break;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    pos[blockIdx.x] = best;
}
