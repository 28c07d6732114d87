//pass
//--blockDim=64 --gridDim=4

// CUDA: a loop every thread runs the same number of times keeps all threads enabled
// together, and its counter uniform.
__global__ void k(int *A) {
  int d = 1;
  while (__invariant(__uniform_bool(__enabled())),
         __invariant(__uniform_int(d)),
         __invariant(__implies(__enabled(), d == 1 | d == 2 | d == 4 | d == 8)),
         d < 8) {
    d = d * 2;
  }
  A[blockIdx.x * blockDim.x + threadIdx.x] = d;
}
