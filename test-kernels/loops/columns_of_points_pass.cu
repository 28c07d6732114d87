//pass
//--blockDim=64 --gridDim=4

// Point-major to feature-major: thread `tid` stores its `m` features at `out[i * n + tid]`,
// `n` (the number of points) a parameter. Threads past `n` return first.
__global__ void columns(float *out, const float *in, int n, int m) {
  __requires(n > 0 && n <= gridDim.x * blockDim.x);
  __requires(m > 0 && m <= 8);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  for (int i = 0; i < m; i++)
    out[i * n + tid] = in[tid * m + i];
}
