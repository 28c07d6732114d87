//pass
//--local_size=32 --num_groups=8

// Each group copies column g of a 32x8 row-major matrix (stride 8) into a local tile,
// waits, synchronises, and writes the tile back, transposed, as row g of `out`
// (a strided copy out of local memory with stride 1).
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t g = get_group_id(0), l = get_local_id(0);
  event_t e = async_work_group_strided_copy(tile, in + g, 32, 8, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l] = tile[l] + 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  e = async_work_group_strided_copy(out + 32 * g, tile, 32, 1, 0);
  wait_group_events(1, &e);
}
