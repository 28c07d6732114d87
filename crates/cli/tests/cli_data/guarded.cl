// Work items below n double their own element; the others leave it alone.
__kernel void guarded(__global int *A, int n) {
  int i = get_global_id(0);
  if (i < n) {
    A[i] = 2 * A[i];
  }
}
