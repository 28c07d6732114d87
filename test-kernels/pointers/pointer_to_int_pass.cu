//pass
//--blockDim=64 --gridDim=1

// A pointer's address used as a number (an alignment test) and nothing else: the
// accesses still go through the pointer itself.
__global__ void k(int *A) {
  unsigned long bits = (unsigned long)A;
  if ((bits & 15) == 0)
    A[threadIdx.x] = 1;
  else
    A[threadIdx.x] = 2;
}
