//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --opt-level=2
//byte_lanes_o2_fail\.cl:\d+:\d+: error: possible (write-read|read-write) race on in\[\d+\]

// The lane loads of byte_lanes_o2_pass.cl, merged into one 4-byte read, race with the
// previous work item's write of one byte of them.
__kernel void k(__global uchar4 *out, __global uchar *in) {
  unsigned i = get_global_id(0);
  uchar4 v;
  v.x = in[4*i]; v.y = in[4*i+1]; v.z = in[4*i+2]; v.w = in[4*i+3];
  out[i] = v.wzyx;
  in[4*i+6] = 0;
}
