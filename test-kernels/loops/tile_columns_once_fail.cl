//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[8,8]
//tile_columns_once_fail\.cl:\d+:\d+: error: possible write-write race on tile\[

// As `tile_columns_once_pass.cl` with the columns stepped by 16, half the group's width:
// work items (0, y) and (16, y) both write column 16.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
__kernel void copy_tiles(__global const float *A, __global float *out, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int tx = get_local_id(0), ty = get_local_id(1);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c4 = tx; c4 <= ppcg_min(31, nk - 32 * c2 - 1); c4 += 16)
      for (int c3 = ty; c3 <= 31; c3 += 4)
        tile[c3][c4] = A[(32 * get_group_id(1) + c3) * 1024 + 32 * c2 + c4];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ty == 0)
      out[(get_group_id(1) * 8 + get_group_id(0)) * 1024 + c2 * 32 + tx] = tile[tx][0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
