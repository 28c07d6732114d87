//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//error: possible [a-z-]+ race on out

// As `count_down_rows_pass.cl`, with the rows 511 floats apart instead of 512: work item
// `x + 1` at row `y` and work item `x` at row `y + 1` update the same float.
__kernel void down_columns(__global float *out, __global const float *in) {
  int x = get_global_id(0);
  for (int y = 511; y >= 0; y--)
    out[x + y * 511] = out[x + y * 511] + in[y];
}
