//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=8
//returned_before_loop_fail\.cu:\d+:\d+: error: possible write-write race on out\[

// As `returned_before_loop_pass.cu` with the early return off by one: thread 1024 (when
// `n` is 1024) stores row i's element 1024, which is row i + 1's element 0, thread 0's.
__global__ void store_columns(float *out, const float *in, int n, int m) {
  __requires(n <= 1024);
  __requires(m > 0 && m <= 16);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid > n)
    return;
  for (int i = 0; i < m; i++)
    out[i * 1024 + tid] = in[tid] * i;
}
