//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//sincos_fail\.cu:10:\d+: error: possible write-write race on c\[0\]

// Every thread's cosine is written through the pointer to the same element. The twin of
// sincos_pass.cu.

__global__ void polar(const float *in, float *s, float *c) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __sincosf(in[i], &s[i], &c[0]);
}
