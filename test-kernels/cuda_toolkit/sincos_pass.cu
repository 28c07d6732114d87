//pass
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// Math with output pointers (libdevice's __nv_sincosf, __nv_fast_sincosf, __nv_sincos,
// __nv_frexpf, __nv_modff, __nv_remquof): each output is stored through its pointer, here
// every thread's own element or a local variable.

__global__ void polar(const float *in, float *s, float *c, int *e, float *whole,
                      double *ds, double *dc) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i], a, b;
  sincosf(x, &s[i], &c[i]);
  __sincosf(x, &a, &b);
  sincos((double)x, &ds[i], &dc[i]);
  float m = frexpf(x, &e[i]);
  float f = modff(x, &whole[i]);
  int q;
  float r = remquof(x, 3.0f, &q);
  s[i] += a + b + m + f + r + (float)q;
}
