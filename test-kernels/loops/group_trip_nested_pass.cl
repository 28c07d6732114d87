//pass
//--local_size=32 --num_groups=16

// The outer loop's trip count is the group id (the same for a group, not across groups);
// each round some work items of the group run an inner loop and the group then meets at
// a barrier. Needs "equal within one group" and "a work item that skipped the inner loop
// keeps its values" to prove that the barrier is not divergent.
__kernel void rounds(__local int *tile, __global int *out) {
  unsigned lid = get_local_id(0);
  for (unsigned r = 0; r < get_group_id(0); r++) {
    if (r > lid) {
      for (unsigned k = 0; k < get_group_id(0); k++)
        tile[lid] += (int)k;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[get_global_id(0)] = tile[lid];
}
