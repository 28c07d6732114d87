//pass
//--local_size=64 --num_groups=2 --predication=unstructured
//k: verified

__kernel void k(__global int *a, __global int *b) {
  int i = get_global_id(0);
  if (i > 3 && a[i] > 0) {
    b[i] = 1;
  } else {
    b[i] = 2;
  }
}
