//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//shared_exit_fail\.cl:\d+:\d+: error: barrier may be reached by non-uniform control flow

__kernel void until_flag(__local int *flags) {
  // The exit reads each work item's own flag: items may leave at different times while
  // the others wait at the barrier in the loop.
  unsigned t = get_local_id(0);
  int go = 1;
  while (go) {
    barrier(CLK_LOCAL_MEM_FENCE);
    go = flags[t];
  }
}
