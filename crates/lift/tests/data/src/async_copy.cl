__kernel void async_copy(__global const int *in) {
  __local int tile[16];
  event_t e = async_work_group_copy(tile, in + 16 * get_group_id(0), 16, 0);
  barrier(CLK_LOCAL_MEM_FENCE);
  wait_group_events(1, &e);
}
