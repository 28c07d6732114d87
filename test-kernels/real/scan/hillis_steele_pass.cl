//pass
//--local_size=256 --num_groups=1

// Naive (Hillis-Steele) inclusive scan of one 256-element block with double buffering, as
// described for the naive scan in GPU Gems 3 ch. 39: each step reads from one half of the
// buffer and writes the other, so a single barrier per step suffices. One group of 256.
__kernel void scan_naive(__global const float *in, __global float *out,
                         __local float *temp) {
  int n = get_local_size(0);
  int t = get_local_id(0);
  int pout = 0, pin = 1;
  temp[pout * n + t] = in[t];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < n; offset *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (t >= offset)
      temp[pout * n + t] = temp[pin * n + t] + temp[pin * n + t - offset];
    else
      temp[pout * n + t] = temp[pin * n + t];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[t] = temp[pout * n + t];
}
