// Two variables swapped in a loop: their phis must be copied in parallel.
__kernel void swap(__global int *A, int n) {
  int a = A[0], b = A[1];
  for (int i = 0; i < n; i++) {
    int t = a;
    a = b;
    b = t;
  }
  A[2] = a - b;
}
