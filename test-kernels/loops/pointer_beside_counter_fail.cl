//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=128
//error: possible write-write race on out\[

// As `pointer_beside_counter_pass.cl`, with the groups' regions 2,048 floats apart while
// each group still writes 16 steps of 256 floats: the second half of a group's steps
// overwrites the next group's first half.
__kernel void fill_steps(__global float *out, __global const float *in, int steps) {
  __requires(steps >= 0 && steps <= 16);
  int lid = get_local_id(0);
  int p = get_group_id(0) * 2048 + 4 * lid;
  for (int k = 0; k < steps; k++) {
    float x = in[k];
    out[p] = x;
    p += 4 * 64;
  }
}
