//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//is_pow2_fail\.cu:14:\d+: error: loop invariant might not be maintained by the loop

// A stride that goes 1, 3, 5, ... is not a power of two after the first step.
//
// At -O3 clang moves the loop's invariant away from the loop head (it rotates or unrolls
// the loop), and lockstep rejects the kernel there (exit 4: user-specified invariant does
// not appear at loop head); decided at the other levels. A compiler effect on the
// annotation.

__global__ void stride(int *out) {
  unsigned k = 0;
  for (unsigned d = 1; __invariant(__is_pow2(d)), d < 64; d += 2)
    k += d;
  out[blockIdx.x * blockDim.x + threadIdx.x] = k;
}
