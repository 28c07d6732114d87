//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[8,8]
//error: possible write-write race on out

// As `row_pitch_grid_tiles_pass.cl` with the column test three too loose: the last
// columns of a row are written as the next row's first ones, by work items of another
// group.
#define tile_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void grid_tiles(__global float *out, __global const float *in) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c0 = 32 * b0; c0 <= 997; c0 += 256)
    for (int c1 = 32 * b1; c1 <= 997; c1 += 256)
      for (int c2 = t0; c2 <= tile_min(31, -c0 + 997); c2 += 4)
        if (-t1 - c1 + 1000 >= 0)
          out[(c0 + c2 + 1) * 1000 + (c1 + t1 + 1)] =
              0.5f * (in[(c0 + c2 + 1) * 1000 + (c1 + t1)] +
                      in[(c0 + c2 + 1) * 1000 + (c1 + t1 + 2)]);
}
