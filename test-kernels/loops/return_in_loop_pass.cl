//pass
//--local_size=32 --num_groups=4

__kernel void find_zero(__global int *a, __global int *pos, int n) {
  // Each work item scans its own strided elements and returns at its first zero,
  // recording where it stopped in its own slot.
  unsigned g = get_global_id(0);
  for (int i = g; i < n; i += get_global_size(0)) {
    if (a[i] == 0) {
      pos[g] = i;
      return;
    }
    a[i] = a[i] - 1;
  }
  pos[g] = -1;
}
