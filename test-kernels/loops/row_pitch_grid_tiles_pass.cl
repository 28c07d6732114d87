//pass
//--local_size=[32,4] --num_groups=[8,8]

// A 1000x1000 stencil-style update in 32x32 tiles with fewer groups than tiles in both
// dimensions: two grid-stride tile loops (stepping by 8 tiles) around each work item's
// row loop, the column kept inside the row by a test of the recorded column. The log's
// offset is its access's offset at the recorded tile, row and column values by
// construction; that the column stays inside its row is a candidate.
#define tile_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void grid_tiles(__global float *out, __global const float *in) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c0 = 32 * b0; c0 <= 997; c0 += 256)
    for (int c1 = 32 * b1; c1 <= 997; c1 += 256)
      for (int c2 = t0; c2 <= tile_min(31, -c0 + 997); c2 += 4)
        if (-t1 - c1 + 997 >= 0)
          out[(c0 + c2 + 1) * 1000 + (c1 + t1 + 1)] =
              0.5f * (in[(c0 + c2 + 1) * 1000 + (c1 + t1)] +
                      in[(c0 + c2 + 1) * 1000 + (c1 + t1 + 2)]);
}
