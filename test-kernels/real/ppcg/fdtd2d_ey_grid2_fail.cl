//xfail:NOT_ALL_VERIFIED
//--local_size=[32,16] --num_groups=[32,32]
//error: possible (write-write|write-read|read-write) race on ey

// As `fdtd2d_ey_grid2_pass.cl` with the row loop stepping by 8 rather than by the 16 rows
// of work items (code generated for a block of 32x8 and launched with 32x16): work items
// t0 and t0 + 8 update the same rows.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel1(__global float *ey, __global const float *hz) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c0 = 32 * b0 + 32; c0 <= 1999; c0 += 1024)
    for (int c1 = 32 * b1; c1 <= 2599; c1 += 1024)
      for (int c2 = t0; c2 <= ppcg_min(31, -c0 + 1999); c2 += 8)
        if (-t1 - c1 + 2599 >= 0)
          ey[(c0 + c2) * 2600 + (c1 + t1)] =
              ey[(c0 + c2) * 2600 + (c1 + t1)] -
              0.5f * (hz[(c0 + c2) * 2600 + (c1 + t1)] - hz[(c0 + c2 - 1) * 2600 + (c1 + t1)]);
}
