// A pointer that may point into either of two arrays.
__kernel void two_regions(__global int *A, __global int *B, int c) {
  __global int *p = c ? A : B;
  p[get_local_id(0)] = 1;
}
