//pass
//--local_size=[32,8] --num_groups=[32,128]

// One Jacobi 2-D sweep (5-point average) from A into B, global memory only, as PolyBench's
// jacobi-2d compiled for GPUs runs each time step as one launch: 32x8 work groups over a
// 1024x1024 grid (32x128 groups); the boundary is not updated.
__kernel void jacobi2d_step(__global const float *A, __global float *B, int n) {
  __requires(n == get_global_size(0) && n == get_global_size(1));
  int j = get_global_id(0);
  int i = get_global_id(1);
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
    B[i * n + j] = 0.2f * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                           A[(i + 1) * n + j] + A[(i - 1) * n + j]);
}
