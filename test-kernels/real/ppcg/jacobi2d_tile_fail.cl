//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[63,63]
//error: possible [a-z-]+ race on B

// As `jacobi2d_tile_pass.cl`, with the row step of a 32x2 launch (`c2 += 2`) left in code
// launched 32x4: work items t0 and t0 + 2 both update the rows t0 + 2, t0 + 4, ...
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *B, __global const float *A) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c2 = t0; c2 <= ppcg_min(31, -32 * b0 + 1997); c2 += 2)
    if (-t1 - 32 * b1 + 1997 >= 0)
      B[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 1)] =
          0.2f * (A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 1)] +
                  A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1)] +
                  A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 2)] +
                  A[(32 * b0 + c2 + 2) * 2000 + (32 * b1 + t1 + 1)] +
                  A[(32 * b0 + c2) * 2000 + (32 * b1 + t1 + 1)]);
}
