//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=256
//error: possible [a-z-]+ race on A

// jacobi-1d with the two statements of a time step (B from A, then A from B) fused into
// one kernel, which a correct schedule must not do without a global barrier: a work item
// writes A[i] while its neighbour reads A[i] for its B update. 32 x 256 work items.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *A, __global float *B, int n) {
  __requires(n >= 3 && n <= 2000000);
  int b0 = get_group_id(0), t0 = get_local_id(0);
  for (int c0 = 32 * b0; c0 <= n - 3; c0 += 8192)
    if (n >= t0 + c0 + 3) {
      B[t0 + c0 + 1] = 0.33333f * (A[t0 + c0] + A[t0 + c0 + 1] + A[t0 + c0 + 2]);
      A[t0 + c0 + 1] = B[t0 + c0 + 1];
    }
}
