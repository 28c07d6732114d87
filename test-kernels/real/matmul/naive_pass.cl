//pass
//--local_size=[16,16] --num_groups=[64,64]

// Naive SGEMM, one C element per work item (the starting point of OpenCL SGEMM tutorials):
// 16x16 work groups, 64x64 groups for 1024x1024 matrices.
__kernel void matmul_naive(__global float *C, __global const float *A,
                           __global const float *B, int M, int N, int K) {
  __requires(M == get_global_size(1) && N == get_global_size(0));
  int row = get_global_id(1), col = get_global_id(0);
  float acc = 0.0f;
  for (int k = 0; k < K; k++)
    acc += A[row * K + k] * B[k * N + col];
  C[row * N + col] = acc;
}
