//pass
//--local_size=64 --num_groups=1

__kernel void clear_until_negative(__global int *a, int n) {
  // A strided loop left early with break: each work item stops at its first negative
  // element and only ever touches its own elements.
  for (int i = get_local_id(0); i < n; i += 64) {
    if (a[i] < 0)
      break;
    a[i] = 0;
  }
}
