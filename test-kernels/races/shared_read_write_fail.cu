//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//shared_read_write_fail\.cu:11:\d+: error: possible read-write race on \S*s\[\d+\]
//Write by thread \(\d+, 0, 0\) in group \(\d+, 0, 0\), shared_read_write_fail\.cu:11:\d+
//Read by thread \(\d+, 0, 0\) in group \(\d+, 0, 0\), shared_read_write_fail\.cu:10:\d+

__global__ void k(int *out) {
  __shared__ int s[32];
  unsigned t = threadIdx.x;
  int v = s[(t + 1) % 32];
  s[t] = v + 1;
  out[blockIdx.x * blockDim.x + t] = v;
}
