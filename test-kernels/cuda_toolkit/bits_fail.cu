//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//bits_fail\.cu:10:\d+: error: possible write-write race on out\[\d+\]

// As bits_pass.cu with 13 reversed bits for 16384 threads: two threads differing only in
// bit 13 write the same element.

__global__ void bits(int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[__brev(i) >> (32 - 13)] = __popc(i);
}
