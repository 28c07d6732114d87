//pass
//--blockDim=256 --gridDim=64

// GPUVerify's __is_pow2 in a loop invariant of a tree reduction over shared memory.
//
// At -O3 clang moves the loop's invariant away from the loop head (it rotates or unrolls
// the loop), and lockstep rejects the kernel there (exit 4: user-specified invariant does
// not appear at loop head); decided at the other levels. A compiler effect on the
// annotation.

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[256];
  unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned d = 128;
       __invariant(__is_pow2(d)), __invariant(d <= 128), d > 0; d >>= 1) {
    if (t < d)
      s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}
