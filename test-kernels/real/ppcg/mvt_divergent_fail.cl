//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=128
//error: barrier may be reached by non-uniform control flow

// mvt with the row guard `n >= 32 * b0 + t0 + 1` hoisted around the whole tile loop to
// save tests: in the last group (n = 4000 is not a multiple of 32) some work items skip the
// barriers (barrier divergence). 32 x 128 work items.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))

__kernel void kernel0(__global float *x1, __global const float *A,
                      __global const float *y1, int n) {
  __requires(n >= 1 && n <= 4096);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  __local float shared_y1[32];
  if (n >= 32 * b0 + t0 + 1) {
    float private_x1 = x1[32 * b0 + t0];
    for (int c1 = 0; c1 <= floord(n - 1, 32); c1++) {
      if (n >= t0 + 32 * c1 + 1)
        shared_y1[t0] = y1[32 * c1 + t0];
      barrier(CLK_LOCAL_MEM_FENCE);
      for (int c3 = 0; c3 <= ppcg_min(31, n - 32 * c1 - 1); c3++)
        private_x1 += A[(32 * b0 + t0) * n + 32 * c1 + c3] * shared_y1[c3];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    x1[32 * b0 + t0] = private_x1;
  }
}
