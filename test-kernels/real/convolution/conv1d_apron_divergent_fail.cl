//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=256
//error: barrier may be reached by non-uniform control flow

// The apron convolution with an early return for work items past the end of the signal,
// placed before the barrier: when n is not a multiple of 256 the last group's tail work
// items skip the barrier (barrier divergence). 256 work items, 256 groups, radius 8.
#define RADIUS 8
#define GROUP 256

__kernel void conv1d(__global const float *in, __global float *out,
                     __constant float *filter, int n) {
  __local float tile[GROUP + 2 * RADIUS];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  if (gid >= n)
    return;
  tile[lid + RADIUS] = in[gid];
  if (lid < RADIUS) {
    int left = gid - RADIUS;
    tile[lid] = (left >= 0) ? in[left] : 0.0f;
  }
  if (lid >= GROUP - RADIUS) {
    int right = gid + RADIUS;
    tile[lid + 2 * RADIUS] = (right < n) ? in[right] : 0.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int j = -RADIUS; j <= RADIUS; j++)
    sum += filter[RADIUS + j] * tile[lid + RADIUS + j];
  out[gid] = sum;
}
