//pass
//--local_size=32 --num_groups=128

// PolyBench mvt (x1 += A y1), the row-wise product as PPCG emits it: each group owns 32
// rows, the vector y1 is staged in 32-element __local tiles filled by a loop bounded with
// min(), and each work item accumulates its row in a private scalar. n = 4000: 128 groups
// of 32 (the last group partially idle: the guards keep it uniform around barriers).
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))

__kernel void kernel0(__global float *x1, __global const float *A,
                      __global const float *y1, int n) {
  __requires(n >= 1 && n <= 4096);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  __local float shared_y1[32];
  float private_x1;
  if (n >= 32 * b0 + t0 + 1)
    private_x1 = x1[32 * b0 + t0];
  for (int c1 = 0; c1 <= floord(n - 1, 32); c1++) {
    if (n >= t0 + 32 * c1 + 1)
      shared_y1[t0] = y1[32 * c1 + t0];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (n >= 32 * b0 + t0 + 1)
      for (int c3 = 0; c3 <= ppcg_min(31, n - 32 * c1 - 1); c3++)
        private_x1 += A[(32 * b0 + t0) * n + 32 * c1 + c3] * shared_y1[c3];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (n >= 32 * b0 + t0 + 1)
    x1[32 * b0 + t0] = private_x1;
}
