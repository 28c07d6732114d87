//pass
//--local_size=128 --num_groups=64

// Item 0 of each group writes the group's rows of a grid-stride row loop; the barrier
// fences local memory only, so the race log of `y` outlives an iteration, and a write it
// holds was made by item 0 (`lid == 0`, which the loop does not change).
__kernel void rows(__global float *y, __global const float *x, int n) {
  int lid = get_local_id(0);
  for (int row = get_group_id(0); row < n; row += get_num_groups(0)) {
    float v = x[row * 128 + lid];
    if (lid == 0 && row < n - 1)
      y[row] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
