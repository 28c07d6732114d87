// A fill of more bytes than are modelled one access at a time.
__kernel void memset_long(__global int *A) {
  __builtin_memset(A, 0, 4096);
}
