//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//shared_write_write_fail\.cu:9:\d+: error: possible write-write race on s\[0\]
//Write by thread \(\d+, 0, 0\) in group \(0, 0, 0\), shared_write_write_fail\.cu:9:\d+

__shared__ int s[32];

__global__ void k(int *out) {
  s[0] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[0];
}
