//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=1
//error: possible [a-z-]+ race on temp

// The naive scan done in place in a single buffer (the mistake GPU Gems 3 ch. 39 warns
// about): work item t reads temp[t - offset] while work item t - offset writes it in the
// same step. One group of 256.
__kernel void scan_naive(__global const float *in, __global float *out,
                         __local float *temp) {
  int n = get_local_size(0);
  int t = get_local_id(0);
  temp[t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < n; offset *= 2) {
    if (t >= offset)
      temp[t] = temp[t] + temp[t - offset];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[t] = temp[t];
}
