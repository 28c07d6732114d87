//pass
//--blockDim=64 --gridDim=2

struct Config {
  bool stage;
  float scale;
};

// A struct field guards the barrier: uniform, so no divergence.
__global__ void k(float *out, Config c) {
  __shared__ float tmp[64];
  unsigned t = threadIdx.x;
  tmp[t] = c.scale * t;
  if (c.stage)
    __syncthreads();
  if (c.stage)
    out[blockIdx.x * 64 + t] = tmp[63 - t];
}
