//pass
//--local_size=16 --num_groups=2

// frexp's exponent, written through a private pointer, is a function of its argument:
// two calls on the same value agree.
__kernel void exponents(__global const float *x, __global int *e) {
  size_t i = get_global_id(0);
  int a, b;
  float ma = frexp(x[i], &a);
  float mb = frexp(x[i], &b);
  __assert(a == b);
  e[i] = a;
}
