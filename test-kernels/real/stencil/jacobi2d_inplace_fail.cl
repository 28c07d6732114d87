//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[32,128]
//error: possible [a-z-]+ race on A

// The Jacobi sweep done in place (A read and written in the same launch, a Gauss-Seidel
// update by accident): a work item reads its neighbours' A while they write them.
// 32x8 work groups, 32x128 groups, 1024x1024 grid.
__kernel void jacobi2d_step(__global float *A, int n) {
  __requires(n == get_global_size(0) && n == get_global_size(1));
  int j = get_global_id(0);
  int i = get_global_id(1);
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
    A[i * n + j] = 0.2f * (A[i * n + j] + A[i * n + j - 1] + A[i * n + j + 1] +
                           A[(i + 1) * n + j] + A[(i - 1) * n + j]);
}
