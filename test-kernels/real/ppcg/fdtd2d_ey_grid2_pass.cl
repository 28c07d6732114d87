//pass
//--local_size=[32,16] --num_groups=[32,32]

// PolyBench fdtd-2d's ey update (ey[i][j] -= 0.5 (hz[i][j] - hz[i-1][j]) for rows i >= 1)
// as PPCG emits it with 32x16 work items and fewer groups than tiles: two grid-stride
// tile loops (rows from 32, columns, each stepping by 32 tiles) around the work item's
// row loop (rows t0, t0 + 16), the column kept inside the row by a test. 2000x2600
// matrices.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel1(__global float *ey, __global const float *hz) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c0 = 32 * b0 + 32; c0 <= 1999; c0 += 1024)
    for (int c1 = 32 * b1; c1 <= 2599; c1 += 1024)
      for (int c2 = t0; c2 <= ppcg_min(31, -c0 + 1999); c2 += 16)
        if (-t1 - c1 + 2599 >= 0)
          ey[(c0 + c2) * 2600 + (c1 + t1)] =
              ey[(c0 + c2) * 2600 + (c1 + t1)] -
              0.5f * (hz[(c0 + c2) * 2600 + (c1 + t1)] - hz[(c0 + c2 - 1) * 2600 + (c1 + t1)]);
}
