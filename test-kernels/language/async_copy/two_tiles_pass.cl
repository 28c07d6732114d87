//pass
//--local_size=32 --num_groups=8

// A group copies into one of two local tiles, chosen by the group's parity.
__kernel void k(__global const int *in, __global int *out) {
  __local int even[32];
  __local int odd[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  __local int *tile = (g % 2) ? odd : even;
  event_t e = async_work_group_copy(tile, in + 32 * g, 32, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[32 * g + l] = tile[31 - l];
}
