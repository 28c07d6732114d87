// __array_snapshot and __atomic_has_taken_value, as the lifter sees them.
__kernel void k(__global unsigned *count, __global int *out) {
  __local int tile[16];
  __local int saved[16];
  tile[get_local_id(0)] = 1;
  __array_snapshot(saved, tile);
  unsigned a = atomic_inc(count + 2);
  __assert(__atomic_has_taken_value(count, 2, a));
  out[a] = saved[get_local_id(0)];
}
