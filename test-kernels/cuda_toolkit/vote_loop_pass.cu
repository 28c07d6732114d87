//pass
//--blockDim=32 --gridDim=4 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's __all_sync (llvm.nvvm.vote.all.sync): one result for the lanes of a warp,
// so a group of one warp leaves the loop, and its barrier, together. The twin of
// vote_loop_fail.cu.

__global__ void vote_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (!__all_sync(0xffffffffu, i >= limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
