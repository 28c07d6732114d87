//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[16,16]
//error: possible [a-z-]+ race on shared_[AB]

// As `mm2_tmp_pass.cl` without the barrier after the products of each step of k: the next
// tiles overwrite shared_A and shared_B while slower work items still read them.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
__kernel void kernel0(__global float *tmp, __global const float *A, __global const float *B,
                      float alpha, int ni, int nj, int nk) {
  __requires(ni == 512 && nj == 512 && nk == 512);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_A[32][32];
  __local float shared_B[32][32];
  float private_tmp[4];
  for (int c2 = 0; c2 < 4; c2++)
    private_tmp[c2] = 0.0f;
  for (int c2 = 0; c2 < nk; c2 += 32) {
    for (int c3 = t0; c3 <= 31; c3 += 8)
      shared_A[c3][t1] = A[(32 * b0 + c3) * nk + (t1 + c2)];
    for (int c3 = t0; c3 <= 31; c3 += 8)
      shared_B[c3][t1] = B[(c2 + c3) * nj + (32 * b1 + t1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c4 = 0; c4 < 4; c4++)
      for (int c5 = 0; c5 <= 31; c5++)
        private_tmp[c4] += alpha * shared_A[t0 + 8 * c4][c5] * shared_B[c5][t1];
  }
  for (int c2 = 0; c2 < 4; c2++)
    tmp[(32 * b0 + t0 + 8 * c2) * nj + (32 * b1 + t1)] = private_tmp[c2];
}
