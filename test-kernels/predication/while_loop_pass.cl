//pass
//--local_size=64 --num_groups=2

// A while loop with a thread-dependent trip count.
__kernel void k(__global int *a) {
  int i = get_global_id(0);
  int j = 0;
  while (j < i % 8) {
    a[i] = a[i] + j;
    j++;
  }
}
