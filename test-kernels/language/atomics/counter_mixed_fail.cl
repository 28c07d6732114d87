//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-write race on slots

// Increments and decrements of one counter: two work items can get the same value.
__kernel void k(__local unsigned *count, __global int *slots) {
  unsigned a;
  if (get_local_id(0) % 2 == 0)
    a = atomic_inc(count);
  else
    a = atomic_dec(count);
  slots[a] = (int)get_local_id(0);
}
