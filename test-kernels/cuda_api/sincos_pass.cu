//pass
//--blockDim=256 --gridDim=64

// Functions with outputs through pointers write them: each thread's sine, cosine,
// mantissa and exponent go to its own elements.

__global__ void polar(const float *in, float *s, float *c, float *m, int *e) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  __sincosf(x, &s[i], &c[i]);
  float s2, c2;
  sincosf(x, &s2, &c2);
  m[i] = frexpf(s2 + c2, &e[i]);
}
