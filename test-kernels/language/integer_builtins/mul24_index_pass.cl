//pass
//--local_size=64 --num_groups=128

// The SDK idiom for a global index: mul24 of the group and its size, plus the local id.
// Both factors fit 24 bits, so each work item writes its own element.
__kernel void scale(__global float *out, __global const float *in, float k) {
  unsigned i = mad24((unsigned)get_group_id(0), (unsigned)get_local_size(0), (unsigned)get_local_id(0));
  out[i] = k * in[i];
}
