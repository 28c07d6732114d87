//pass
//--local_size=64 --num_groups=1

// The caller establishes the helper's precondition.
static int inverse_scale(int x) {
  __requires(x != 0);
  return 1000 / x;
}

__kernel void k(__global int *out) {
  int t = get_local_id(0);
  out[t] = inverse_scale(t + 1);
}
