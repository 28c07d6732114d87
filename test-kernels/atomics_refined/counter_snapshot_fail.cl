//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//counter_snapshot_fail\.cl:13:\d+: error: possible write-write race on slots

// A snapshot into the counter changes it behind the race checks (it is not an access), so
// the increments are no longer known to be the only changes: the counter is not refined.
__kernel void k(__local unsigned *count, __global int *slots) {
  __local unsigned saved[1];
  if (get_local_id(0) == 0)
    saved[0] = 0;
  unsigned a = atomic_inc(count);
  __array_snapshot(count, saved);
  slots[a] = (int)get_local_id(0);
}
