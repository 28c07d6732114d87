//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//scatter_loop_reset_fail\.cl:(13|16):\d+: error: possible (write-atomic|atomic-write) race on next\[0\]

// A work item resets the counter with a plain write while others increment it: that is a
// race on the counter, reported as such (and the claimed slots would no longer differ).
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0;
       __global_invariant(__write_implies(
           slots, __atomic_has_taken_value(next, 0, __write_offset_bytes(slots)))),
       i < n;
       i++) {
    unsigned s = atomic_inc(next);
    slots[s] = (char)i;
    if (s > 1000)
      *next = 0;
  }
}
