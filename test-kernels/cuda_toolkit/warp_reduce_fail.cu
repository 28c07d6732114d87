//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//warp_reduce_fail\.cu:13:\d+: error: barrier may be reached by non-uniform control flow

// A barrier under a shuffled flag: lane 0's value is the same in a warp on the GPU, but
// not across the block's eight warps, and lockstep takes a shuffle's result as arbitrary
// per thread (never as a function of its arguments, which would make it uniform).

__global__ void gated(const int *flags, float *data) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int flag = flags[i];
  if (__shfl_sync(0xffffffffu, flag, 0))
    __syncthreads();
  data[i] = 0.0f;
}
