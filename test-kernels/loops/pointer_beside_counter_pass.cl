//pass
//--local_size=64 --num_groups=128

// A counted loop with a second variable stepping beside its counter: `k` counts the steps
// to a parameter bound, `p` advances through the group's own 4,096-float region by 256
// floats a step, and each work item writes the float at `p` (every fourth float; the others
// are another kernel's). Only `p`'s distance from its counter (`p - 256 * k` stays its
// start) bounds `p` by the loop's test, which keeps each group inside its region. 64 work
// items per group, 128 groups.
__kernel void fill_steps(__global float *out, __global const float *in, int steps) {
  __requires(steps >= 0 && steps <= 16);
  int lid = get_local_id(0);
  int p = get_group_id(0) * 4096 + 4 * lid;
  for (int k = 0; k < steps; k++) {
    float x = in[k];
    out[p] = x;
    p += 4 * 64;
  }
}
