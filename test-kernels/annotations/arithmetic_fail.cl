//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//arithmetic_fail\.cl:8:3: error: this assertion might not hold for work item \d+

// Without the no-overflow addition, the sum may wrap.
__kernel void k(__global int *A, unsigned x, unsigned y) {
  unsigned s = x + y;
  __assert(s >= x);
}
