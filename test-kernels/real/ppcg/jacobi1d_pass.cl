//pass
//--local_size=32 --num_groups=256

// PolyBench jacobi-1d, one time step's B update as PPCG emits it: a single loop whose
// start is the work item's position and whose stride is the whole launch (32 * 256 =
// 8192), with bounds in min/max form. The host loop alternates this and the A update.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define ppcg_max(x, y) ((x) > (y) ? (x) : (y))

__kernel void kernel0(__global float *B, __global const float *A, int n) {
  __requires(n >= 3 && n <= 2000000);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  for (int c0 = 32 * b0; c0 <= n - 3; c0 += 8192)
    if (n >= t0 + c0 + 3)
      B[t0 + c0 + 1] = 0.33333f * (A[t0 + c0] + A[t0 + c0 + 1] + A[t0 + c0 + 2]);
}
