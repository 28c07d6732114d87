//pass
//--local_size=[16,16] --num_groups=[32,32]

// Tiled C = A * B^T (both operands read along rows) with 16x16 local tiles, the "NT" case
// of SGEMM benchmarks; 16x16 work groups, 32x32 groups (C is 512x512). K is a multiple of
// 16 and the matrix widths match the launch (__requires).
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
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++)
      acc += Asub[row][k] * Bsub[col][k];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[gRow * N + gCol] = acc;
}
