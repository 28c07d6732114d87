//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//taken_value_wrong_fail\.cl:9:8: error: loop invariant might not be maintained by the loop

// A wrong use: the invariant claims the slot after the one written was taken, which the
// work item's atomic_inc never returned: the invariant does not hold after an iteration.
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0;
       __global_invariant(__write_implies(
           slots, __atomic_has_taken_value(next, 0, __write_offset_bytes(slots) + 1))),
       i < n;
       i++) {
    unsigned s = atomic_inc(next);
    slots[s] = (char)i;
  }
}
