//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//all_fail\.cl:7:3: error: this assertion might not hold for work item \d+

// `__all(p)`: p holds in both threads of the pair; the upper half of the group breaks it.
__kernel void k(__global int *A) {
  __assert(__all(get_local_id(0) < 32));
}
