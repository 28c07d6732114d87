//pass
//--local_size=256 --num_groups=64

// Two-stage reduction as in the AMD/NVIDIA OpenCL reduction samples: each work item first
// accumulates a grid-stride slice of the input in a register, then the group reduces in
// local memory. 256 work items per group, 64 groups.
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
    partial[get_group_id(0)] = scratch[0];
}
