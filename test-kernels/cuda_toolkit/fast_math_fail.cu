//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//fast_math_fail\.cu:12:\d+: error: possible write-write race on out\[\d+\]

// As fast_math_pass.cu, but the index is clamped below the thread count: every thread
// from 8191 on writes out[8191]. libdevice's __nv_min is exact, so this is found.

__global__ void shade(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = in[i];
  float y = __saturatef(x) + __expf(x) + __fdividef(x, 3.0f);
  out[min(i, 8191)] = y;
}
