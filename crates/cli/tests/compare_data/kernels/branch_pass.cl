//pass
//--local_size=8 --num_groups=2
__kernel void branch(__global int *a, int n) {
  size_t i = get_global_id(0);
  if (i < n) {
    a[i] = 1;
  } else {
    a[i] = 2;
  }
}
