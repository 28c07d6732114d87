//pass
//--local_size=[32,8] --num_groups=[64,64]

// PolyBench lu as PPCG emits it for OpenCL: the host loops over the pivot c0 and launches,
// per pivot, the trailing-matrix update A[i][j] -= A[i][c0] * A[c0][j] for i, j > c0. Each
// group owns a 32x32 tile (offset by c0 + 1); the pivot row and column pieces are staged in
// __local arrays, each work item updates 4 rows of one column through a private array.
// n = 2048; the grid is the first launch's (64x64 groups), later launches are guarded.
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel1(__global float *A, int n, int c0) {
  __requires(n == 2048 && c0 >= 0 && c0 <= n - 2);
  int b0 = get_group_id(1), b1 = get_group_id(0);
  int t0 = get_local_id(1), t1 = get_local_id(0);
  __local float shared_A_col[32];
  __local float shared_A_row[32];
  float private_A[4];

  if (t0 == 0 && n >= 32 * b1 + t1 + c0 + 2)
    shared_A_row[t1] = A[c0 * n + 32 * b1 + t1 + c0 + 1];
  if (t1 == 0)
    for (int c2 = t0; c2 <= ppcg_min(31, n - 32 * b0 - c0 - 2); c2 += 8)
      shared_A_col[c2] = A[(32 * b0 + c2 + c0 + 1) * n + c0];
  if (n >= 32 * b1 + t1 + c0 + 2)
    for (int c2 = 0; c2 <= ppcg_min(3, floord(n - 32 * b0 - t0 - c0 - 2, 8)); c2++)
      private_A[c2] = A[(32 * b0 + t0 + 8 * c2 + c0 + 1) * n + 32 * b1 + t1 + c0 + 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (n >= 32 * b1 + t1 + c0 + 2)
    for (int c2 = 0; c2 <= ppcg_min(3, floord(n - 32 * b0 - t0 - c0 - 2, 8)); c2++) {
      private_A[c2] -= shared_A_col[t0 + 8 * c2] * shared_A_row[t1];
      A[(32 * b0 + t0 + 8 * c2 + c0 + 1) * n + 32 * b1 + t1 + c0 + 1] = private_A[c2];
    }
}
