//pass
//--local_size=[32,4] --num_groups=[32,32]

// As `jacobi2d_tile_pass.cl` with fewer groups than tiles in both dimensions: two
// grid-stride tile loops (rows and columns, each stepping by 32 tiles) around the work
// item's row loop.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *B, __global const float *A) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c0 = 32 * b0; c0 <= 1997; c0 += 1024)
    for (int c1 = 32 * b1; c1 <= 1997; c1 += 1024)
      for (int c2 = t0; c2 <= ppcg_min(31, -c0 + 1997); c2 += 4)
        if (-t1 - c1 + 1997 >= 0)
          B[(c0 + c2 + 1) * 2000 + (c1 + t1 + 1)] =
              0.2f * (A[(c0 + c2 + 1) * 2000 + (c1 + t1 + 1)] +
                      A[(c0 + c2 + 1) * 2000 + (c1 + t1)] +
                      A[(c0 + c2 + 1) * 2000 + (c1 + t1 + 2)] +
                      A[(c0 + c2 + 2) * 2000 + (c1 + t1 + 1)] +
                      A[(c0 + c2) * 2000 + (c1 + t1 + 1)]);
}
