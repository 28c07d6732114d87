//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=1
//return_in_loop_fail\.cl:\d+:\d+: error: barrier may be reached by non-uniform control flow

__kernel void find_zero(__local int *a, int n) {
  // A work item that returns early from a loop with a barrier in it leaves the others
  // waiting at the barrier.
  unsigned t = get_local_id(0);
  for (int i = 0; i < n; i++) {
    if (a[t] == i)
      return;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
