//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//null_destination_fail\.cl:11:\d+: error: possible null pointer access

// Groups other than the first have no tile: they copy into a null pointer.
__kernel void k(__global const int *in) {
  __local int tile[32];
  __local int *dst = 0;
  if (get_group_id(0) == 0)
    dst = tile;
  event_t e = async_work_group_copy(dst, in, 32, 0);
  wait_group_events(1, &e);
}
