//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//two_thread_fail\.cl:8:3: error: this assertion might not hold for work item \d+

// The group id is not uniform across groups.
__kernel void k(__global int *A) {
  int g = get_group_id(0);
  __assert(__uniform_int(g));
}
