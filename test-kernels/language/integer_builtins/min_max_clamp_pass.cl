//pass
//--local_size=32 --num_groups=4

// min, max, clamp, abs, abs_diff, hadd, rotate, bitselect, add_sat, sub_sat and
// conversions on signed and unsigned values, scalar and vector: each result is what
// OpenCL C defines it to be.
__kernel void exact(__global int *out, int a, int b, unsigned u, short s) {
  __assert(min(a, b) <= a && min(a, b) <= b && (min(a, b) == a || min(a, b) == b));
  __assert(max(a, b) >= a && max(a, b) >= b);
  __assert(clamp(a, -3, 7) >= -3 && clamp(a, -3, 7) <= 7);
  __assert(min(u, 0xffffffffu) == u);
  __assert(min(-1, 1) == -1 && min(0xffffffffu, 1u) == 1u);
  __assert(abs(a) == (a < 0 ? (unsigned)-a : (unsigned)a));
  __assert(abs_diff(7, -2) == 9u && hadd(0x7fffffff, 1) == 0x40000000);
  __assert(convert_int(s) == (int)s && convert_ushort(u) == (ushort)u);
  __assert(popcount(0xf0f0u) == 8u && clz(1) == 31 && upsample((short)1, (ushort)2) == 0x10002);
  __assert(rotate(0x80000001u, 1u) == 3u && bitselect(0xf0u, 0x0fu, 0x3cu) == 0xccu);
  __assert(add_sat(a, 1) >= a && sub_sat(u, 1u) <= u && rotate(u, 32u) == u);
  int4 v = min((int4)(a, b, 5, -5), 0);
  __assert(v.x <= 0 && v.z == 0 && v.w == -5);
  out[get_global_id(0)] = clamp(a, -3, 7);
}
