// OpenCL atomic builtins (1.1 `atomic_*` and the 64-bit-extension spelling `atom_*`):
// each is an abstract atomic access returning the old value.
__kernel void atomics(__global int *counter, __local unsigned *hist,
                      __global float *f) {
  int t = get_local_id(0);
  int ticket = atomic_inc(counter);
  atomic_add(&hist[t % 16], 2);
  int old = atomic_cmpxchg(counter + 1, 0, ticket);
  atom_max(counter + 2, old);
  float prev = atomic_xchg(f, 1.0f);
  f[t + 1] = prev;
}
