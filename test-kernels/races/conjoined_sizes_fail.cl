//xfail:NOT_ALL_VERIFIED
//--local_size=[32,4] --num_groups=[32,32]
//conjoined_sizes_fail\.cl:\d+:\d+: error: possible write-write race on C\[

// As `conjoined_sizes_pass.cl` with the stored rows 2 apart, not 4: work item (x, 0)'s
// second row is work item (x, 2)'s first.
__kernel void kernel0(__global float *C, __global const float *A, __global const float *B,
                      float alpha, float beta, int ni, int nj, int nk) {
  __requires(ni == 1024 && nj == 1024 && nk >= 1 && nk <= 1024);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_B[32][32];
  float acc = 0.0f;
  for (int c2 = 0; c2 <= (nk - 1) / 32; c2++) {
    for (int c3 = t0; c3 <= min(31, nk - 32 * c2 - 1); c3 += 4)
      shared_B[c3][t1] = B[(32 * c2 + c3) * nj + 32 * b1 + t1];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c3 = 0; c3 <= 31; c3++)
      acc += alpha * shared_B[c3][t1];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int c0 = 0; c0 < 8; c0++)
    C[(32 * b0 + t0 + 2 * c0) * nj + 32 * b1 + t1] = acc;
}
