//pass
//--local_size=64 --num_groups=2

// A thread-dependent if/else: each arm writes the thread's own element.
__kernel void k(__global int *a, __global int *b) {
  int i = get_global_id(0);
  if (i % 2 == 0) {
    a[i] = 1;
  } else {
    a[i] = 2;
    b[i] = a[i];
  }
}
