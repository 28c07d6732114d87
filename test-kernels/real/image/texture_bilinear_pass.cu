//pass
//--blockDim=[16,16] --gridDim=[32,32]

// Image resampling through a 2-D float texture (hardware bilinear filtering via tex2D at
// pixel centres), one output pixel per thread, as in texture-based CUDA image samples:
// 16x16 blocks over a 512x512 output.
texture<float, 2, cudaReadModeElementType> tex_src;

__global__ void resample(float *out, int w, int h, float scale) {
  __requires(w == gridDim.x * blockDim.x && h == gridDim.y * blockDim.y);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float u = (x + 0.5f) * scale, v = (y + 0.5f) * scale;
  out[y * w + x] = tex2D(tex_src, u, v);
}
