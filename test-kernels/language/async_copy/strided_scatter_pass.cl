//pass
//--local_size=32 --num_groups=8

// Each group scatters its tile into column g of an 8-column matrix (stride 8): every
// group its own column.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  tile[l] = in[32 * g + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t e = async_work_group_strided_copy(out + g, tile, 32, 8, 0);
  wait_group_events(1, &e);
}
