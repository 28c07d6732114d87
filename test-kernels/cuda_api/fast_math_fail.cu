//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//fast_math_fail\.cu:10:\d+: error: possible write-write race on bits\[\d+\]

// The number of set bits of the thread id as an index: threads 1 and 2 (and many more)
// write the same element. The twin of fast_math_pass.cu.

__global__ void count_bits(int *bits) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  bits[__popc(i)] = (int)i;
}
