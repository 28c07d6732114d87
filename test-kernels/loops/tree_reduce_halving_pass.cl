//pass
//--local_size=64 --num_groups=4

__kernel void reduce(__global int *out, __global const int *in) {
  // Tree reduction with a halving stride: at each step the lower half adds the upper
  // half; the barrier separates the steps.
  __local int buf[64];
  unsigned t = get_local_id(0);
  buf[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0)
    out[get_group_id(0)] = buf[0];
}
