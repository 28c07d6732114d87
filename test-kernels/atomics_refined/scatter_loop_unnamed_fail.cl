//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=8
//scatter_loop_unnamed_fail\.cl:12:\d+: error: possible write-write race on slots

// The same loop without `__atomic_has_taken_value`: lockstep cannot bound the increments
// of a counter in a loop (it could wrap around), so unless an annotation relies on the
// refined abstraction the claimed slots are not known to differ.
__kernel void k(__global unsigned *next, __global char *slots, int n) {
  for (int i = 0; i < n; i++) {
    unsigned s = atomic_inc(next);
    if (s < 100000)
      slots[s] = (char)i;
  }
}
