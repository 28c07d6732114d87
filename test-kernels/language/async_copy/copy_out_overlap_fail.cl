//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=4
//copy_out_overlap_fail\.cl:12:\d+: error: possible write-write race on out\[\d+\]

// Every group copies its tile to the same 16 elements of `out`: the copies of two
// groups collide.
__kernel void k(__global float4 *out) {
  __local float4 tile[16];
  size_t g = get_group_id(0), l = get_local_id(0);
  tile[l] = (float4)(g, l, l, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_copy(out, tile, 16, 0);
  wait_group_events(1, &e);
}
