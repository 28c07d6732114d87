//pass
//--blockDim=32 --gridDim=4

__global__ void halves(int *out, unsigned n) {
  __assume(n % 2 == 0 && n <= 4096);
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned half = n / 2;
  __assert(half * 2 == n);
  if (i < half)
    out[i] = out[i + half];
}
