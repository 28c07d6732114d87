//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//vector_lane_fail\.cl:10:\d+: error: this assertion might not hold

// Reinterpreting an int as four bytes puts its lowest byte in lane x (little
// endian), not in lane w.
__kernel void k(__global int *out) {
  int t = get_local_id(0);
  uchar4 bytes = as_uchar4(0x04030201 + t);
  __assert(bytes.w == 1);
  out[t] = bytes.x;
}
