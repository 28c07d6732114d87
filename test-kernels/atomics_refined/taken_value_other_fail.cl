//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//taken_value_other_fail\.cl:10:3: error: this assertion might not hold

// A wrong use: a work item asks whether it took the value the other work item of the
// pair took. Two work items never take one value, so it did not.
__kernel void k(__global unsigned *count, __global int *slots) {
  unsigned a = atomic_inc(count);
  slots[a] = 1;
  __assert(__atomic_has_taken_value(count, 0, (unsigned)__other_int((int)a)));
}
