//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//thread_specific_fail\.cu:6:\d+: error: this assertion might not hold for thread \(7, 0, 0\) in group \(0, 0, 0\)

__global__ void k(void) {
  __assert(threadIdx.x != 7);
}
