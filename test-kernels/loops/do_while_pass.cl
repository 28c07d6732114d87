//pass
//--local_size=64 --num_groups=1

__kernel void fill(__global int *a, int n) {
  // A do-while strided loop: the body runs at least once, and each work item writes the
  // elements congruent to its id modulo 64.
  int i = get_local_id(0);
  do {
    a[i] = n;
    i += 64;
  } while (i < n);
}
