//pass
//--local_size=128 --num_groups=64

// Each 32-item warp of a group halves its own part of `partial` (s = 16, 8, ..., 1) for
// every row of a grid-stride row loop: the halving counter stays at or below its start,
// so `lid + s` stays inside the warp's 32 items. The barriers fence local memory only, so
// the log of `y` outlives an iteration: it holds a write of item 0 (`lid == 0`).
__kernel void rows_reduce(__global float *y, __global const float *x, int n) {
  __local float partial[128];
  int lid = get_local_id(0);
  int lane = lid & 31;
  for (int row = get_group_id(0); row < n; row += get_num_groups(0)) {
    partial[lid] = x[row * 128 + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 16; s > 0; s >>= 1) {
      if (lane < s)
        partial[lid] += partial[lid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
      y[row] = partial[0] + partial[32] + partial[64] + partial[96];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
