//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2 --unroll=2
//tree_reduce_halving_fail\.cl:14:\d+: error: possible (read-write|write-read) race on buf\[

__kernel void reduce(__global int *out, __global const int *in) {
  // The halving reduction without the barrier between steps: a step's reads of the upper
  // half race with the previous step's writes.
  __local int buf[16];
  unsigned t = get_local_id(0);
  buf[t] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (t < s)
      buf[t] += buf[t + s];
  }
  if (t == 0)
    out[get_group_id(0)] = buf[0];
}
