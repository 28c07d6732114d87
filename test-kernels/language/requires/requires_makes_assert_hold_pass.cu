//pass
//--blockDim=64 --gridDim=2

// The kernel's preconditions bound the parameters, so the assertion holds.
__global__ void k(int *out, unsigned n, unsigned m) {
  __requires(n > 0 && n <= 64);
  __global_requires(m == 2 * n);
  unsigned t = threadIdx.x;
  __assert(m > n);
  if (t < n)
    out[blockIdx.x * 64 + t] = m;
}
