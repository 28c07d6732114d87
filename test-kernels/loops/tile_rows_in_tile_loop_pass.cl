//pass
//--local_size=[32,4] --num_groups=[8,8]

// A tile loop whose body copies a 32x32 tile into __local memory, the 32x4 work items
// taking every fourth row from their own (`c3 = ty; c3 += 4`), between barriers. The
// inner loop's log holds a write at a row congruent to the work item's `ty` modulo 4;
// so must the tile loop's, for a log made in an earlier tile, where the inner counter
// started at `ty` too.
__kernel void copy_tiles(__global const float *B, __global float *out, int nk) {
  __requires(nk >= 1 && nk <= 1024);
  int tx = get_local_id(0), ty = get_local_id(1);
  __local float tile[32][32];
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c3 = ty; c3 <= 31; c3 += 4)
      tile[c3][tx] = B[(32 * c2 + c3) * 256 + 32 * get_group_id(0) + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (ty == 0)
      out[(get_group_id(1) * 8 + get_group_id(0)) * 1024 + c2 * 32 + tx] = tile[tx][0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
