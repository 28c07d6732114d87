//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//unsigned_overflow_fail\.cl:7:\d+: error: this assertion might not hold

__kernel void k(uint x) {
  // Fails for x == 0xFFFFFFFF: the sum wraps to 0.
  __assert(x + 1u > x);
}
