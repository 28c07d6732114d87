//pass
//--local_size=64 --num_groups=2

// A loop with a uniform trip count and barriers between the local-memory phases.
__kernel void k(__global int *a, __local int *t, int n) {
  int l = get_local_id(0);
  int g = get_global_id(0);
  t[l] = a[g];
  for (int s = 0; s < n; s++) {
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = t[(l + 1) % 64];
    barrier(CLK_LOCAL_MEM_FENCE);
    t[l] = v;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  a[g] = t[l];
}
