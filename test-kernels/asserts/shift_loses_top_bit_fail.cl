//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//shift_loses_top_bit_fail\.cl:6:\d+: error: this assertion might not hold

__kernel void k(uint x) {
  __assert((x << 1) >> 1 == x);
}
