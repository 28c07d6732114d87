//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//select_two_arrays_fail\.cu:9:\d+: error: possible write-write race on (A|B)\[0\]

// Odd threads write A[0], even threads B[0]: two threads of one parity collide.
__global__ void k(int *A, int *B) {
  int *p = A;
  if (threadIdx.x & 1) p = B;
  p[0] = threadIdx.x;
}
