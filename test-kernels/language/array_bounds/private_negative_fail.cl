//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=1 --check-array-bounds
//private_negative_fail\.cl:9:\d+: error: possible array out-of-bounds access on array history

// A private array indexed one below zero by work item 0.
__kernel void k(__global int *out) {
  int history[8];
  int i = (int)get_local_id(0) - 1;
  history[i] = i;
  out[get_local_id(0)] = history[0];
}
