//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2
//this assertion might not hold

// Exponents of different values may differ.
__kernel void exponents(__global const float *x, __global int *e) {
  size_t i = get_global_id(0);
  int a, b;
  float ma = frexp(x[i], &a);
  float mb = frexp(x[i] * 2.0f, &b);
  __assert(a == b);
  e[i] = a;
}
