//pass
//--blockDim=256 --gridDim=64

// A warp reduction with shuffles (the CUDA 9 forms, chosen by CUDA_VERSION as the
// samples do): lane 0 of each warp writes the warp's sum to its own slot. A shuffle's
// value is another lane's register, which the verifier takes as arbitrary.

#define WARP 32

__global__ void warp_sum(const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  for (int offset = WARP / 2; offset > 0; offset /= 2) {
#if CUDA_VERSION >= 9000
    v += __shfl_down_sync(0xffffffffu, v, offset);
#else
    v += __shfl_down(v, offset);
#endif
  }
  v += __shfl_xor_sync(0xffffffffu, v, 1) + __shfl_up_sync(0xffffffffu, v, 1);
  v = __shfl_sync(0xffffffffu, v, 0);
  if (threadIdx.x % WARP == 0)
    out[i / WARP] = v;
}
