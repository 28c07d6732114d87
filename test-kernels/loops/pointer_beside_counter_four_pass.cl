//pass
//--local_size=64 --num_groups=128

// As `pointer_beside_counter_pass.cl`, with each work item writing the 4 floats at `p`
// (a float4 stored component by component): the loop logs writes from four sites, and
// their disjunction, each site bounded where its counter's loop ends, keeps a group's log
// inside its region. 64 work items per group, 128 groups.
__kernel void fill_steps(__global float *out, __global const float *in, int steps) {
  __requires(steps >= 0 && steps <= 16);
  int lid = get_local_id(0);
  int p = get_group_id(0) * 4096 + 4 * lid;
  for (int k = 0; k < steps; k++) {
    float x = in[k];
    out[p] = x;
    out[p + 1] = x + 1.0f;
    out[p + 2] = x + 2.0f;
    out[p + 3] = x + 3.0f;
    p += 4 * 64;
  }
}
