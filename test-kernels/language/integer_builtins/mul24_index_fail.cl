//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=128
//possible write-write race

// The group's offset scaled by one less than the group size: the last work item of a
// group writes where the next group's first one does.
__kernel void scale(__global float *out, __global const float *in, float k) {
  unsigned i = mad24((unsigned)get_group_id(0), (unsigned)get_local_size(0) - 1, (unsigned)get_local_id(0));
  out[i] = k * in[i];
}
