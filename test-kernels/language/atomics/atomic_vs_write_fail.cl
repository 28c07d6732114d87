//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//atomic_vs_write_fail\.cl:10:\d+: error: possible (atomic-write|write-atomic) race on count\[0\]

// Work item 0 resets the counter with a plain store while the others increment it.
__kernel void k(__global int *count) {
  if (get_local_id(0) == 0)
    count[0] = 0;
  else
    atomic_inc(count);
}
