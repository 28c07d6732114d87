//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1 --opt-level=2
//lane_sum_o2_fail\.cl:9:\d+: error: this assertion might not hold

// As lane_sum_o2_pass, with the constant off by one.
__kernel void k(__global int *out, int4 p) {
  int t = get_local_id(0);
  int4 v = (int4)(t, t + 1, t + 2, t + 3) + p;
  __assert(v.x + v.y + v.z + v.w == 4 * t + 7 + p.x + p.y + p.z + p.w);
  out[t] = v.x + v.y + v.z + v.w;
}
