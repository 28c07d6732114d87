//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=256
//error: possible [a-z-]+ race on tile

// The apron convolution with the right apron stored at tile[lid + RADIUS + 1] (an
// off-by-one index) instead of tile[lid + 2 * RADIUS]: those stores hit centre slots that
// other work items store, and the convolution reads. 256 work items, 256 groups, radius 8.
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
    tile[lid + RADIUS + 1] = (right < n) ? in[right] : 0.0f;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int j = -RADIUS; j <= RADIUS; j++)
    sum += filter[RADIUS + j] * tile[lid + RADIUS + j];
  if (gid < n)
    out[gid] = sum;
}
