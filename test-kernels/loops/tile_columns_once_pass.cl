//pass
//--local_size=[32,4] --num_groups=[8,8]

// PPCG's copy of a tile as wide as the work group: the column loop starts at the work
// item's `tx` and steps by the group's width, 32, under a bound of at most 31, so it runs
// at most once; inside it, every fourth row from `ty`. The column of a logged write is
// then the work item's own `tx`, whichever tile loop iteration logged it.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
__kernel void copy_tiles(__global const float *A, __global float *out, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int tx = get_local_id(0), ty = get_local_id(1);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c4 = tx; c4 <= ppcg_min(31, nk - 32 * c2 - 1); c4 += 32)
      for (int c3 = ty; c3 <= 31; c3 += 4)
        tile[c3][c4] = A[(32 * get_group_id(1) + c3) * 1024 + 32 * c2 + c4];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ty == 0)
      out[(get_group_id(1) * 8 + get_group_id(0)) * 1024 + c2 * 32 + tx] = tile[tx][0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
