//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[8,8]
//tile_rows_in_tile_loop_fail\.cl:\d+:\d+: error: possible write-write race on tile\[

// As `tile_rows_in_tile_loop_pass.cl` with the rows stepped by 2, not by the 4 rows of
// work items: work items (x, 0) and (x, 2) both write row 2 of each tile.
__kernel void copy_tiles(__global const float *B, __global float *out, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int tx = get_local_id(0), ty = get_local_id(1);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c3 = ty; c3 <= 31; c3 += 2)
      tile[c3][tx] = B[(32 * c2 + c3) * 256 + 32 * get_group_id(0) + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ty == 0)
      out[(get_group_id(1) * 8 + get_group_id(0)) * 1024 + c2 * 32 + tx] = tile[tx][0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
