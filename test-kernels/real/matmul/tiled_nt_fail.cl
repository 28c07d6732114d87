//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32]
//error: possible [a-z-]+ race on [AB]sub

// The NT tiled multiply without the barrier between loading the tiles and using them: work
// item (row, col) reads Bsub[col][k], stored by another work item. 16x16 groups, 32x32.
#define TS 16

__kernel void matmul_nt(__global float *C, __global const float *A,
                        __global const float *B, int M, int N, int K) {
  __requires(M == get_global_size(1) && N == get_global_size(0));
  __requires(K > 0 && K % TS == 0 && K <= 8192);
  __local float Asub[TS][TS];
  __local float Bsub[TS][TS];
  int row = get_local_id(1), col = get_local_id(0);
  int gRow = get_group_id(1) * TS + row;
  int gCol = get_group_id(0) * TS + col;
  float acc = 0.0f;
  for (int t = 0; t < K / TS; t++) {
    Asub[row][col] = A[gRow * K + t * TS + col];
    Bsub[row][col] = B[(get_group_id(0) * TS + row) * K + t * TS + col];
    for (int k = 0; k < TS; k++)
      acc += Asub[row][k] * Bsub[col][k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[gRow * N + gCol] = acc;
}
