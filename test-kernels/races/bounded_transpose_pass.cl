//pass
//--local_size=[16,16] --num_groups=[32,32]

// Transpose of a w x h matrix whose sizes are parameters (at most 512 each): both
// `out[x * h + y]` and `in[y * w + x]` multiply two unknowns. Items outside the matrix do
// nothing, so no two items store to the same element.
__kernel void transpose(__global float *out, __global const float *in, int w, int h) {
  __requires(w > 0 && w <= 512 && h > 0 && h <= 512);
  int x = get_global_id(0), y = get_global_id(1);
  if (x < w && y < h)
    out[x * h + y] = in[y * w + x];
}
