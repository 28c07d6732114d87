//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//barrier_without_wait_fail\.cl:14:\d+: error: possible write-read race on tile\[\d+\]

// A barrier does not finish a copy: until `wait_group_events`, the copy may still be
// writing the tile that the work items read.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + 32 * g, 32, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  // The read below races with the copy.
  int x =
    tile[l];
  wait_group_events(1, &e);
  out[32 * g + l] = x;
}
