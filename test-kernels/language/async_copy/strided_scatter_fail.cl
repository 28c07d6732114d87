//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//strided_scatter_fail\.cl:12:\d+: error: possible write-write race on out\[\d+\]

// Each group scatters its tile into column g of an 8-column matrix, but with stride 4:
// column g's elements land on column g + 4's, which another group writes.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  tile[l] = in[32 * g + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(out + g, tile, 32, 4, 0);
  wait_group_events(1, &e);
}
