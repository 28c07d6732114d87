//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//enabled_uniform_fail\.cu:9:10: error: loop invariant might not be maintained by the loop for thread

// CUDA: threads leave this loop at different iterations, so enabledness is not uniform.
__global__ void k(int *A) {
  unsigned i = 0;
  while (
         __invariant(__uniform_bool(__enabled())),
         i < threadIdx.x) {
    i++;
  }
  A[blockIdx.x * blockDim.x + threadIdx.x] = i;
}
