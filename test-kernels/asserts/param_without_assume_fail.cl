//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//param_without_assume_fail\.cl:6:\d+: error: this assertion might not hold for work item \d+ with local id \d+ in work group 0

__kernel void k(int x) {
  __assert(x > 5);
}
