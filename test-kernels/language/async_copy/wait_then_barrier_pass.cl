//pass
//--local_size=32 --num_groups=8

// Each group copies its slice of `in` into a local tile, waits for the copy, then
// synchronises before every work item reads a neighbour's element.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + 32 * g, 32, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[32 * g + l] = tile[(l + 1) % 32];
}
