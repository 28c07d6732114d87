// Preconditions: the kernel's own are assumed; a helper's, once inlined, are asserted
// (the caller must establish them); `__global_*` ones in helpers are unsupported.
static int scaled(int x, int by) {
  __requires(by > 0);
  __requires(x < 1000);
  return x * by;
}

__kernel void requires(__global int *out, int n) {
  __requires(n > 0);
  __global_requires(n < 100);
  int t = get_local_id(0);
  out[t] = scaled(t, n);
  __assert(n != 0);
}
