//pass
//--local_size=[16,8] --num_groups=[8,66]

// Parboil sgemm (C = alpha A B^T + beta C, column-major), register-tiled: a group of
// 16x8 work items computes a 128x16 tile of C; each work item owns one row m of the tile
// and keeps its 16 column results in a private array. Per step of 8 along k the group
// stages an 8x16 tile of B in local memory; A is streamed from global memory. Parboil's
// medium input: m = 1024, n = 1056, k = 992 (8 x 66 groups).
#define TILE_N 16
#define TILE_TB_HEIGHT 8
#define TILE_M (TILE_N * TILE_TB_HEIGHT)

__kernel void mysgemmNT(__global const float *A, int lda, __global const float *B, int ldb,
                        __global float *C, int ldc, int k, float alpha, float beta) {
  __requires(lda == 1024 && ldb == 1056 && ldc == 1024 && k == 992);
  float c[TILE_N];
  for (int i = 0; i < TILE_N; i++)
    c[i] = 0.0f;
  int mid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  int m = get_group_id(0) * TILE_M + mid;
  int n = get_group_id(1) * TILE_N + get_local_id(0);
  __local float b_s[TILE_TB_HEIGHT][TILE_N];
  for (int i = 0; i < k; i += TILE_TB_HEIGHT) {
    b_s[get_local_id(1)][get_local_id(0)] = B[n + (i + get_local_id(1)) * ldb];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE_TB_HEIGHT; j++) {
      float a = A[m + (i + j) * lda];
      for (int kk = 0; kk < TILE_N; kk++)
        c[kk] += a * b_s[j][kk];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  int t = get_group_id(1) * TILE_N;
  for (int i = 0; i < TILE_N; i++)
    C[m + (t + i) * ldc] = C[m + (t + i) * ldc] * beta + alpha * c[i];
}
