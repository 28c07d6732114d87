//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//divergent_copy_fail\.cl:11:\d+: error: barrier may be reached by non-uniform control flow

// A copy is a group operation: every work item of the group must reach it.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = 0;
  if (l < 16)
    e = async_work_group_copy(tile, in + 32 * g, 32, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[32 * g + l] = tile[l];
}
