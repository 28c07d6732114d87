//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//mul24_fail\.cu:10:\d+: error: possible write-write race on out\[\d+\]

// The block's offset scaled by one less than the block size: the last thread of a block
// writes where the next block's first thread does.

__global__ void scale(float *out, const float *in, unsigned n) {
  unsigned i = __umul24(blockIdx.x, blockDim.x - 1) + threadIdx.x;
  out[i] = 2.0f * in[i];
}
