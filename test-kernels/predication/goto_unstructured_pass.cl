//pass
//--local_size=64 --num_groups=2 --predication=unstructured
//k: verified

__kernel void k(__global int *a, int n) {
  int i = get_global_id(0);
  if (i % 2 == 0) {
    a[i] = 1;
    if (n > 3)
      goto done;
    a[i] = 2;
  }
  a[i] = a[i] + 1;
done:
  a[i] = a[i] * 2;
}
