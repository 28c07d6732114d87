//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//scatter_loop_mixed_fail\.cl:19:\d+: error: possible write-write race on slots

// The counter is shared between two kinds of update (increments and additions of 2): a
// work item can get the value another got, so the counter is not refined and the claimed
// slots may be the same.
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0;
       __global_invariant(__write_implies(
           slots, __atomic_has_taken_value(next, 0, __write_offset_bytes(slots)))),
       i < n;
       i++) {
    unsigned s;
    if (i % 2 == 0)
      s = atomic_inc(next);
    else
      s = atomic_add(next, 2u);
    slots[s] = (char)i;
  }
}
