//pass
//--local_size=256 --num_groups=240

// A grid-stride loop at a real launch size: 240 groups of 256 work items step by 61,440,
// which is not a power of two. lockstep counts the loop's iterations with a ghost counter,
// so that the induction variable is its start plus the stride times the count (linear),
// and thread 1's race logs record the count at which they logged an access.
__kernel void scale(__global float *out, __global const float *in, uint n) {
  __requires(n <= 4000000);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    out[i] = 2.0f * in[i];
}
