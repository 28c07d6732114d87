//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//divergent_barrier_fail\.cl:\d+:\d+: error: barrier may be reached by non-uniform control flow

// A barrier under a thread-dependent condition inside a loop.
__kernel void k(__global int *a, int n) {
  int i = get_local_id(0);
  for (int j = 0; j < n; j++) {
    if (i < 32)
      barrier(CLK_GLOBAL_MEM_FENCE);
    a[i] = j;
  }
}
