//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=64
//error: possible [a-z-]+ race on partial

// The two-stage reduction with the partial result written to partial[0] by every group's
// work item 0 instead of partial[group]: groups race on it (write-write, different
// values). 256 work items per group, 64 groups, as in the OpenCL reduction samples.
__kernel void reduce_grid_stride(__global const float *in, __global float *partial,
                                 __local float *scratch, unsigned int n) {
  unsigned int lid = get_local_id(0);
  float acc = 0.0f;
  for (unsigned int i = get_global_id(0); i < n; i += get_global_size(0))
    acc += in[i];
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    partial[0] = scratch[0];
}
