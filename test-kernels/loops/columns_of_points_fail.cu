//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//columns_of_points_fail\.cu:\d+:\d+: error: possible write-write race on out\[

// As `columns_of_points_pass.cu` with the rows `m` apart instead of `n`: when there are
// more points than features, thread `tid + m` stores where thread `tid` stores its next
// feature.
__global__ void columns(float *out, const float *in, int n, int m) {
  __requires(n > 0 && n <= gridDim.x * blockDim.x);
  __requires(m > 0 && m <= 8);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  for (int i = 0; i < m; i++)
    out[i * m + tid] = in[tid * m + i];
}
