//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//tid_bound_fail\.cl:6:\d+: error: this assertion might not hold for work item \d+ with local id (3[2-9]|[45]\d|6[0-3]) in work group 0

__kernel void k(void) {
  __assert(get_local_id(0) < 32);
}
