//pass
//--local_size=[32,8] --num_groups=[32,32]

// PolyBench covariance, the symmat kernel as PPCG emits it for OpenCL: for j2 >= j1,
// symmat[j1][j2] = sum_i data[i][j1] * data[i][j2] and the mirror symmat[j2][j1] is
// written by the same work item. Groups own 32x32 (j1, j2) tiles; only tiles touching the
// upper triangle work (b1 >= b0, uniform per group). Columns j1 and j2 of a 32-row slab of
// data are staged in __local tiles per step of the i loop; each work item accumulates 4
// j1 rows in a private array. m = n = 1000: 32x32 groups of 32x8.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel2(__global float *symmat, __global const float *data, int m, int n) {
  __requires(m == 1000 && n == 1000);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_d1[32][32];
  __local float shared_d2[32][32];
  float private_s[4];

  if (b1 >= b0) {
    for (int c4 = 0; c4 < 4; c4++)
      private_s[c4] = 0.0f;
    for (int c2 = 0; c2 <= floord(n - 1, 32); c2++) {
      for (int c3 = t0; c3 <= ppcg_min(31, n - 32 * c2 - 1); c3 += 8) {
        if (m >= 32 * b0 + t1 + 1)
          shared_d1[c3][t1] = data[(32 * c2 + c3) * m + 32 * b0 + t1];
        if (m >= 32 * b1 + t1 + 1)
          shared_d2[c3][t1] = data[(32 * c2 + c3) * m + 32 * b1 + t1];
      }
      barrier(CLK_LOCAL_MEM_FENCE);
      if (m >= 32 * b1 + t1 + 1)
        for (int c4 = 0; c4 < 4; c4++)
          if (32 * b1 + t1 >= 32 * b0 + t0 + 8 * c4)
            for (int c3 = 0; c3 <= ppcg_min(31, n - 32 * c2 - 1); c3++)
              private_s[c4] += shared_d1[c3][t0 + 8 * c4] * shared_d2[c3][t1];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (m >= 32 * b1 + t1 + 1)
      for (int c4 = 0; c4 < 4; c4++)
        if (32 * b1 + t1 >= 32 * b0 + t0 + 8 * c4) {
          symmat[(32 * b0 + t0 + 8 * c4) * m + 32 * b1 + t1] = private_s[c4];
          symmat[(32 * b1 + t1) * m + 32 * b0 + t0 + 8 * c4] = private_s[c4];
        }
  }
}
