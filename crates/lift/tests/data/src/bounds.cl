__kernel void bounds(__global int *A) {
  __local int L[16];
  int P[4];
  L[get_local_id(0)] = A[get_local_id(0)];
  P[get_local_id(0) % 4] = 1;
  A[0] = P[1];
}
