//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//unreachable_latch_fail\.cl:10:\d+: error: possible write-write race on out\[0\]

// The twin of unreachable_latch_pass.cl: the body that always returns writes one
// element from every thread.
__kernel void first_only(__global uint *out, __global const uint *in, uint n) {
  uint g = get_global_id(0);
  for (uint i = 0; i < n; i++) {
    out[0] = in[g] + i;
    return;
  }
  out[g] = 0u;
}
