// A copy whose length is only known at run time.
__kernel void memcpy_variable(__global int *A, __global int *B, int n) {
  __builtin_memcpy(A, B, n * sizeof(int));
}
