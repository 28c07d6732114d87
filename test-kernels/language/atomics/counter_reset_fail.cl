//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//possible write-atomic race

// The counter is reset while others increment it: that is a race, and the slots the
// work items get are then no longer distinct.
__kernel void k(__local unsigned *count, __global int *slots) {
  if (get_local_id(0) == 5)
    *count = 0;
  unsigned a = atomic_inc(count);
  slots[a] = (int)get_local_id(0);
}
