//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1 --warp-sync=32
//reread_across_write_fail\.cu:16:\d+: error: this assertion might not hold

// At -O1 and above clang reuses the first read for the second (no other thread may write
// A[threadIdx.x ^ 1] without a race, as far as C++ is concerned), so the assertion
// compares a value with itself: verified there. Reported at -O0, the level its header asks
// for (a compiler effect).

__global__ void k(int *A) {
  // The neighbouring lane writes A[threadIdx.x ^ 1] between the two reads
  // (ordered by the warp, so not a race): the second read sees its value.
  int a = A[threadIdx.x ^ 1];
  A[threadIdx.x] = a + 1;
  int b = A[threadIdx.x ^ 1];
  __assert(a == b);
}
