// An if/else whose two arms give one variable different values (a phi after mem2reg).
__kernel void if_else(__global int *A, int n) {
  int i = get_local_id(0);
  int v;
  if (i < n) {
    v = A[i] + 1;
  } else {
    v = 2 * i;
  }
  A[i] = v;
}
