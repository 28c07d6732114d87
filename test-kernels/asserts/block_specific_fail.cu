//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//block_specific_fail\.cu:6:\d+: error: this assertion might not hold for thread \(\d+, 0, 0\) in group \(1, 0, 0\)

__global__ void k(void) {
  __assert(blockIdx.x == 0);
}
