//pass
//--local_size=32 --num_groups=125

// PolyBench gesummv (y = alpha A x + beta B x) as PPCG emits it: one row per work item,
// x staged through a 32-element __local tile between barriers, two private accumulators.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
__kernel void kernel0(__global const float *A, __global const float *B, __global const float *x,
                      __global float *y, float alpha, float beta, int n) {
  __requires(n == 4000);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  __local float shared_x[32];
  float private_tmp, private_y;
  if (32 * b0 + t0 < n) {
    private_tmp = 0.0f;
    private_y = 0.0f;
  }
  for (int c1 = 0; c1 < n; c1 += 32) {
    if (n >= t0 + c1 + 1)
      shared_x[t0] = x[t0 + c1];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (n >= t0 + 32 * b0 + 1)
      for (int c2 = 0; c2 <= ppcg_min(31, n - c1 - 1); c2 += 1) {
        private_tmp += A[(32 * b0 + t0) * n + c1 + c2] * shared_x[c2];
        private_y += B[(32 * b0 + t0) * n + c1 + c2] * shared_x[c2];
      }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (32 * b0 + t0 < n)
    y[32 * b0 + t0] = alpha * private_tmp + beta * private_y;
}
