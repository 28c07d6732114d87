//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//last_iteration_fail\.cl:9:\d+: error: possible write-write race on out\[

__kernel void k(__global int *out, int n) {
  // Only the last iteration writes a shared slot, with each work item's own value.
  for (int i = 0; i < n; i++) {
    if (i == n - 1)
      out[0] = get_local_id(0);
    else
      out[1 + get_local_id(0)] = i;
  }
}
