//pass
//--local_size=64 --num_groups=4

// A per-group counter in __local memory hands out slots of a per-group tile until a work
// item gets one past its own id; the invariant (about the first work item's log of tile
// writes) says each slot written was claimed by the writer, so the writes do not race.
__kernel void k(__local unsigned *count, __global uchar *out) {
  __local uchar tile[4096];
  unsigned mine = 0;
  while (__global_invariant(__write_implies(
             tile, __atomic_has_taken_value(count, 0, __write_offset_bytes(tile)))),
         true) {
    mine = atomic_inc(count);
    if (mine >= 4096)
      break;
    tile[mine] = (uchar)get_local_id(0);
    if (mine > get_local_id(0))
      break;
  }
  out[get_global_id(0)] = (uchar)mine;
}
