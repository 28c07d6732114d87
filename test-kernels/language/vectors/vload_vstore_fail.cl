//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=16
//vload_vstore_fail\.cl:\d+:\d+: error: possible write-write race on out\[\d+\]

// vstore4 at a pointer moved by 2 elements per work item: work item i writes 2i .. 2i+3,
// two of which work item i+1 writes too.
__kernel void scale4(__global float *out, __global const float *in) {
  size_t i = get_global_id(0);
  float4 v = vload4(i, in);
  vstore4(v * 2.0f, 0, out + 2 * i);
}
