__kernel void null_pointers(__global int *A, __local int *L, int c) {
  __global int *p = 0;
  __local int *q = L;
  if (c > 0)
    p = A + 1;
  else
    q = 0;
  p[get_local_id(0)] = 1;
  int same = p == A;
  int null = A != 0;
  q[0] = same + null;
}
