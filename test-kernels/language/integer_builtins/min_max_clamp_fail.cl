//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4
//this assertion might not hold

// The unsigned minimum of -1 and 1 is 1, not -1.
__kernel void exact(__global unsigned *out, unsigned a) {
  __assert(min(a, 1u) == 0xffffffffu || a != 0xffffffffu);
  __assert(min(0xffffffffu, a) == a);
  out[get_global_id(0)] = min(a, 1u);
}
