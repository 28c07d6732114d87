__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  switch (i % 4) {
  case 0:
    a[i] = n;
    break;
  default:
    a[i] = 0;
  }
}
