//pass
//--local_size=[32,4] --num_groups=[32,1]

// Tiles of a __local array filled by a loop bounded with the built-in min, as PPCG emits
// for a matrix whose size is not a multiple of the tile: work item (t1, t0) writes rows
// t0, t0 + 4, ... of column t1, up to the last row the matrix has.
__kernel void load_tiles(__global float *out, __global const float *B, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int t0 = get_local_id(1), t1 = get_local_id(0), b1 = get_group_id(0);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c3 = t0; c3 <= min(31, nk - 32 * c2 - 1); c3 += 4)
      tile[c3][t1] = B[(32 * c2 + c3) * 1024 + 32 * b1 + t1];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(32 * c2 + t0) * 1024 + 32 * b1 + t1] = tile[t1][t0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
