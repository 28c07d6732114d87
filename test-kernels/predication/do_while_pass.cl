//pass
//--local_size=64 --num_groups=2

// A do-while loop with a thread-dependent trip count, an if inside.
__kernel void k(__global int *a) {
  int i = get_global_id(0);
  int j = 0;
  do {
    if (j % 2 == 0)
      a[i] += j;
    j++;
  } while (j < i % 5);
}
