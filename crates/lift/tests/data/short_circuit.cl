// Short-circuit && and || conditions.
__kernel void short_circuit(__global int *A, __global int *B, int n) {
  int i = get_local_id(0);
  if (i < n && A[i] > 0) {
    B[i] = 1;
  }
  if (i == 0 || B[i] != 0) {
    A[i] = 0;
  }
}
