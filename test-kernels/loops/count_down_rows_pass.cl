//pass
//--local_size=64 --num_groups=8

// A loop counting down a column (the anti-causal pass of a recursive filter): work item
// `x` adds into `out[x + y * 512]` for y from 511 down to 0. Its logged accesses step by
// -2,048 bytes, and are congruent to its column modulo 2,048 bytes, the step's magnitude
// (as an unsigned divisor the negative step itself is no modulus). 64 work items per group,
// 8 groups: one column each of a 512-wide image.
__kernel void down_columns(__global float *out, __global const float *in) {
  int x = get_global_id(0);
  for (int y = 511; y >= 0; y--)
    out[x + y * 512] = out[x + y * 512] + in[y];
}
