//pass
//--local_size=[32,4] --num_groups=[4,128]

// PolyBench doitgen (multiresolution analysis kernel): sum[r][q][p] = sum_s A[r][q][s] *
// C4[s][p], the first of the two kernels PPCG emits for OpenCL (the second copies sum back
// into A). Group (b1, b0) owns r = b0 and a 32-wide strip of p; the q dimension is walked in
// 32-row tiles and the s reduction in 32-wide tiles, both staged in __local memory by loops
// bounded with min(); each work item accumulates 8 q rows (t0 + 4 c) in a private array.
// nr = nq = np = 128: 4x128 groups of 32x4.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global const float *C4, __global float *sum,
                      int nr, int nq, int np) {
  __requires(nr == 128 && nq == 128 && np == 128);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_A[32][32];
  __local float shared_C4[32][32];
  float private_sum[8];

  for (int c1 = 0; c1 <= floord(nq - 1, 32); c1++) {
    for (int c = 0; c < 8; c++)
      private_sum[c] = 0.0f;
    for (int c3 = 0; c3 <= floord(np - 1, 32); c3++) {
      for (int c4 = t0; c4 <= ppcg_min(31, nq - 32 * c1 - 1); c4 += 4)
        if (np >= 32 * c3 + t1 + 1)
          shared_A[c4][t1] = A[(b0 * nq + 32 * c1 + c4) * np + 32 * c3 + t1];
      for (int c4 = t0; c4 <= ppcg_min(31, np - 32 * c3 - 1); c4 += 4)
        if (np >= 32 * b1 + t1 + 1)
          shared_C4[c4][t1] = C4[(32 * c3 + c4) * np + 32 * b1 + t1];
      barrier(CLK_LOCAL_MEM_FENCE);
      if (np >= 32 * b1 + t1 + 1)
        for (int c = 0; c < 8; c++)
          if (nq >= 32 * c1 + t0 + 4 * c + 1)
            for (int c5 = 0; c5 <= ppcg_min(31, np - 32 * c3 - 1); c5++)
              private_sum[c] += shared_A[t0 + 4 * c][c5] * shared_C4[c5][t1];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (np >= 32 * b1 + t1 + 1)
      for (int c = 0; c < 8; c++)
        if (nq >= 32 * c1 + t0 + 4 * c + 1)
          sum[(b0 * nq + 32 * c1 + t0 + 4 * c) * np + 32 * b1 + t1] = private_sum[c];
  }
}
