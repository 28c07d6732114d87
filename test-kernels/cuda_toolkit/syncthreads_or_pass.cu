//pass
//--blockDim=128 --gridDim=16 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's __syncthreads_or (llvm.nvvm.barrier0.or), in the block-wide search of
// ../cuda_api/syncthreads_or_pass.cu: one result for the block, which leaves the loop
// together.

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
