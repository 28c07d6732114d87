//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=64
//warp_halving_in_row_loop_fail\.cl:\d+:\d+: error: possible (read-write|write-read) race on partial\[

// The halving starts at 32, the whole warp: item `lid` reads `partial[lid + 32]`, which
// the next warp's item `lid + 32` writes in the same step.
__kernel void rows_reduce(__global float *y, __global const float *x, int n) {
  __local float partial[128];
  int lid = get_local_id(0);
  int lane = lid & 31;
  for (int row = get_group_id(0); row < n; row += get_num_groups(0)) {
    partial[lid] = x[row * 128 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 32; s > 0; s >>= 1) {
      if (lane < s)
        partial[lid] += partial[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
      y[row] = partial[0] + partial[32] + partial[64] + partial[96];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
