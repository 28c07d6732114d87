//pass
//--local_size=256 --num_groups=256

// 1-D convolution with a local tile plus an apron of RADIUS elements on each side: every
// work item loads its centre element, the first RADIUS work items also load the left apron
// and the last RADIUS the right apron; out-of-range elements are 0. 256 work items per
// group, 256 groups (64K signal), radius 8, filter in __constant memory.
#define RADIUS 8
#define GROUP 256

__kernel void conv1d(__global const float *in, __global float *out,
                     __constant float *filter, int n) {
  __local float tile[GROUP + 2 * RADIUS];
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  tile[lid + RADIUS] = (gid < n) ? in[gid] : 0.0f;
  if (lid < RADIUS) {
    int left = gid - RADIUS;
    tile[lid] = (left >= 0 && left < n) ? in[left] : 0.0f;
  }
  if (lid >= GROUP - RADIUS) {
    int right = gid + RADIUS;
    tile[lid + 2 * RADIUS] = (right < n) ? in[right] : 0.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int j = -RADIUS; j <= RADIUS; j++)
    sum += filter[RADIUS + j] * tile[lid + RADIUS + j];
  if (gid < n)
    out[gid] = sum;
}
