__kernel void atomic_two_regions(__global int *A, __global int *B, int c) {
  __global int *p = A;
  if (c) p = B;
  atomic_inc(p);
}
