//pass
//--blockDim=64 --gridDim=4

// CUDA: a loop every thread runs the same number of times keeps all threads enabled
// together, and its counter uniform.
//
// At -O2 and -O3 clang moves the loop's invariant away from the loop head (it rotates or
// unrolls the loop), and lockstep rejects the kernel there (exit 4: user-specified
// invariant does not appear at loop head); decided at the other levels. A compiler effect
// on the annotation.
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
