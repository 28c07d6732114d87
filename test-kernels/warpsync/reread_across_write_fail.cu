//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --warp-sync=32
//reread_across_write_fail\.cu:11:\d+: error: this assertion might not hold

__global__ void k(int *A) {
  // The neighbouring lane writes A[threadIdx.x ^ 1] between the two reads
  // (ordered by the warp, so not a race): the second read sees its value.
  int a = A[threadIdx.x ^ 1];
  A[threadIdx.x] = a + 1;
  int b = A[threadIdx.x ^ 1];
  __assert(a == b);
}
