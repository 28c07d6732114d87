//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//helper_requires_broken_fail\.cl:7:\d+: error: this assertion might not hold

// The helper's precondition is the caller's obligation: work item 0 breaks it.
static int inverse_scale(int x) {
  __requires(x != 0);
  return 1000 / x;
}

__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[t] = inverse_scale(t);
}
