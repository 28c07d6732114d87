//pass
//--local_size=[32,4] --num_groups=[63,63]

// PolyBench jacobi-2d's B update as PPCG emits it for a 2000x2000 grid when the launch
// covers the whole space: a 32x32 tile per group, 32x4 work items, each stepping down the
// tile's rows by 4 (`c2 = t0; c2 <= min(31, ...); c2 += 4`) under guards in PPCG's
// `-t - c + n >= 0` form. The row pitch (2,000 floats) is no power of two.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *B, __global const float *A) {
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  for (int c2 = t0; c2 <= ppcg_min(31, -32 * b0 + 1997); c2 += 4)
    if (-t1 - 32 * b1 + 1997 >= 0)
      B[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 1)] =
          0.2f * (A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 1)] +
                  A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1)] +
                  A[(32 * b0 + c2 + 1) * 2000 + (32 * b1 + t1 + 2)] +
                  A[(32 * b0 + c2 + 2) * 2000 + (32 * b1 + t1 + 1)] +
                  A[(32 * b0 + c2) * 2000 + (32 * b1 + t1 + 1)]);
}
