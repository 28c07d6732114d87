//pass
//--local_size=64 --num_groups=2 --predication=unstructured
//k: verified

__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  for (int j = 0; j < n; j++) {
    if (a[i] == j)
      return;
    a[i] = a[i] + 1;
  }
  a[i] = 0;
}
