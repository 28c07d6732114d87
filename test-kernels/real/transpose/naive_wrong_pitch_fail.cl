//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[64,64]
//error: possible [a-z-]+ race on out

// Naive transpose writing with the input's pitch fixed to the group width (a wrong stride):
// out[x * 16 + y] collides for different (x, y) once y >= 16. 16x16 groups, 64x64 groups.
__kernel void transpose_naive(__global float *out, __global const float *in,
                              uint width, uint height) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  if (x < width && y < height)
    out[x * get_local_size(1) + y] = in[y * width + x];
}
