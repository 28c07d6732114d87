//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//int_to_pointer_fail\.cu:12:\d+: error: possible null pointer access

// A pointer made from an integer points to no known buffer: writing through it is
// reported, not silently dropped.
__global__ void k(int *A) {
  unsigned long bits = (unsigned long)A;
  bits += 2 * sizeof(int);
  int *B = (int *)bits;
  B -= 2;
  B[threadIdx.x] = threadIdx.x;
}
