//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//possible write-write race on e\[\d+\]

// frexp writes the exponent through its pointer: here two threads share an element.

__global__ void split(const double *in, double *m, int *e) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  m[i] = frexp(in[i], &e[i / 2]);
}
