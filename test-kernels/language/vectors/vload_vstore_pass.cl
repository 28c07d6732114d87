//pass
//--local_size=64 --num_groups=16

// vload4/vstore4 at index i move elements 4i .. 4i+3: each work item reads and writes its
// own four, vload2/vstore2 its own two of another array, and prefetch touches nothing.
__kernel void scale4(__global float *out, __global const float *in, __global int *pairs) {
  size_t i = get_global_id(0);
  prefetch(in + 4 * i, 4);
  float4 v = vload4(i, in);
  vstore4(v * 2.0f, i, out);
  int2 p = vload2(i, pairs);
  vstore2(p.yx, i, pairs);
}
