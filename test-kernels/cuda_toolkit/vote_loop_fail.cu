//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//vote_loop_fail\.cu:14:\d+: error: barrier may be reached by non-uniform control flow
//note: confirmed by execution \(group \(0, 0, 0\) of 64 threads

// vote_loop_pass.cu with groups of two warps, which may vote differently (the second
// warp's limits are one higher here): the barrier in the loop is divergent, and the
// interpreter's run, which computes the toolkit's votes from the lanes, confirms it.

__global__ void vote_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (!__all_sync(0xffffffffu, i >= (limit[tid] & 7) + (int)(threadIdx.x / 32))) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
