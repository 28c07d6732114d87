//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32]
//bounded_transpose_fail\.cl:\d+:\d+: error: possible write-write race on out\[

// As `bounded_transpose_pass.cl` with the row test off by one: item (x, h) stores element
// h of column x, which is element 0 of column x + 1, item (x + 1, 0)'s.
__kernel void transpose(__global float *out, __global const float *in, int w, int h) {
  __requires(w > 0 && w <= 512 && h > 0 && h <= 512);
  int x = get_global_id(0), y = get_global_id(1);
  if (x < w && y <= h)
    out[x * h + y] = in[y * w + x];
}
