//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//no_requires_assert_fail\.cl:8:\d+: error: this assertion might not hold

// Without the precondition, n may be 0 or negative.
__kernel void k(__global int *out, int n) {
  int t = get_local_id(0);
  __assert(n >= 1);
  out[t] = t;
}
