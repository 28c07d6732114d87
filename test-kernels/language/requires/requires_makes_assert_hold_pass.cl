//pass
//--local_size=64 --num_groups=1

// The precondition n > 0 is assumed, so the assertion holds.
__kernel void k(__global int *out, int n) {
  __requires(n > 0);
  __requires(n < 1000);
  int t = get_local_id(0);
  int q = (t + n) / n;
  __assert(n >= 1);
  out[t] = q;
}
