//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[8,8]
//min_bounded_tile_rows_no_barrier_fail\.cl:\d+:\d+: error: possible [a-z-]+ race on tile\[

// The twin of min_bounded_tile_rows_pass.cl without the barrier that closes a tile: the
// next tile's copy races with the reads of this one.
// A PPCG-style tile loop: the inner loop copies the rows of a 32x32 tile that exist,
// bounded by min(31, nk - 32 * c2 - 1) as the code generator writes it (clang evaluates
// the min again at each test of the inner loop). The tile loop's bound candidates are
// about its own test only: the inner loop's min temporaries and counter are computed again
// before the inner loop tests them.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void copy_tiles(__global const float *B, __global float *out, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int tx = get_local_id(0), ty = get_local_id(1);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c3 = ty; c3 <= ppcg_min(31, nk - 32 * c2 - 1); c3 += 4)
      tile[c3][tx] = B[(32 * c2 + c3) * 256 + 32 * get_group_id(0) + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ty == 0)
      out[(get_group_id(1) * 8 + get_group_id(0)) * 1024 + c2 * 32 + tx] = tile[tx][0];
  }
}
