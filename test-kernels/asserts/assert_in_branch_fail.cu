//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//assert_in_branch_fail\.cu:7:\d+: error: this assertion might not hold for thread \((1[6-9]|2\d|3[01]), 0, 0\) in group \(0, 0, 0\)

__global__ void k(int x) {
  if (x > 100)
    __assert(threadIdx.x < 16);
}
