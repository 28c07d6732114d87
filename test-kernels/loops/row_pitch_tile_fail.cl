//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[63,63]
//error: possible write-write race on B

// As `row_pitch_tile_pass.cl` stepping by 2 rows with 4 rows of work items: work items
// t0 and t0 + 2 both copy rows t0 + 2, t0 + 4, ...
__kernel void copy_rows(__global float *B, __global const float *A) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int r = t0; r < 32 && 32 * b0 + r < 2000; r += 2)
    if (32 * b1 + t1 < 2000)
      B[(32 * b0 + r) * 2000 + 32 * b1 + t1] = A[(32 * b0 + r) * 2000 + 32 * b1 + t1];
}
