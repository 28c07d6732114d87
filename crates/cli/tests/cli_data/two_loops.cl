__kernel void k(__global int *a) {
  int i = 0;
  while (__invariant(i >= get_local_id(0)), i < 8) i++;
  int j = 0;
  while (__invariant(j <= 4), j < 8) j++;
  a[get_global_id(0)] = i + j;
}
