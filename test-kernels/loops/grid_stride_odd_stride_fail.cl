//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=240
//grid_stride_odd_stride_fail\.cl:10:\d+: error: possible (write-write|read-write|write-read) race on out\[

// The twin: the loop steps by one less than the number of work items, so the last work
// item's first element (61,439) is work item 0's second one.
__kernel void scale(__global float *out, __global const float *in, uint n) {
  __requires(n <= 4000000);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0) - 1)
    out[i] = 2.0f * in[i];
}
