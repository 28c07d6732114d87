//pass
//--local_size=16 --num_groups=4

// Work items fill a local tile, synchronise, and the group copies it out to its own
// slice of global memory (vector elements, copied lane by lane).
__kernel void k(__global float4 *out) {
  __local float4 tile[16];
  size_t g = get_group_id(0), l = get_local_id(0);
  tile[l] = (float4)(l, l, l, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out + 16 * g, tile, 16, 0);
  wait_group_events(1, &e);
}
