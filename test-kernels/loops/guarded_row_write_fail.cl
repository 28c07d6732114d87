//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64
//guarded_row_write_fail\.cl:\d+:\d+: error: possible write-write race on y\[

// Items 0 and 1 both write the group's row.
__kernel void rows(__global float *y, __global const float *x, int n) {
  int lid = get_local_id(0);
  for (int row = get_group_id(0); row < n; row += get_num_groups(0)) {
    float v = x[row * 128 + lid];
    if (lid < 2 && row < n - 1)
      y[row] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
