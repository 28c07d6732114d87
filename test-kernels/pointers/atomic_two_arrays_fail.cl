//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//atomic_two_arrays_fail\.cl:\d+:\d+: error: possible (atomic-read|read-atomic) race on odds\[0\]

// As atomic_two_arrays_pass, but work item 0 reads one counter before the barrier,
// while other work items may be incrementing it.
__kernel void k(__global int *out) {
  __local int evens[1];
  __local int odds[1];
  size_t i = get_local_id(0);
  if (i == 0) {
    evens[0] = 0;
    odds[0] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  __local int *counter = (i % 2) ? odds : evens;
  atomic_inc(counter);
  if (i == 0)
    out[0] = odds[0];
}
