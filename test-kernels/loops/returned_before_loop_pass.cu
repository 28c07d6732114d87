//pass
//--blockDim=256 --gridDim=8

// Threads past `n` return before the loop; the rest each store a column of 1024-float
// rows. The grid has 2048 threads, so a thread at 1024 + t would share thread t's column
// one row down, were it not for the early return: the loop's race log holds a write made
// under `tid < n`, which the loop does not change.
__global__ void store_columns(float *out, const float *in, int n, int m) {
  __requires(n <= 1024);
  __requires(m > 0 && m <= 16);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n)
    return;
  for (int i = 0; i < m; i++)
    out[i * 1024 + tid] = in[tid] * i;
}
