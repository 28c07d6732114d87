//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32]
//error: possible [a-z-]+ race on d_output

// As `bicubic_texture_pass.cu` for a view narrower than the launch (width < 512), with an
// off-by-one bound `x <= width`: the thread with x == width writes element
// y * width + width, which is pixel 0 of row y + 1, also written by the thread with x == 0.
texture<float, 2, cudaReadModeElementType> tex;

__device__ float w0(float a) { return (1.0f / 6.0f) * (a * (a * (-a + 3.0f) - 3.0f) + 1.0f); }
__device__ float w1(float a) { return (1.0f / 6.0f) * (a * a * (3.0f * a - 6.0f) + 4.0f); }
__device__ float w2(float a) { return (1.0f / 6.0f) * (a * (a * (-3.0f * a + 3.0f) + 3.0f) + 1.0f); }
__device__ float w3(float a) { return (1.0f / 6.0f) * (a * a * a); }

__device__ float cubic_filter(float x, float c0, float c1, float c2, float c3) {
  return c0 * w0(x) + c1 * w1(x) + c2 * w2(x) + c3 * w3(x);
}

__device__ float tex2D_bicubic(float2 p) {
  p.x -= 0.5f;
  p.y -= 0.5f;
  float px = floorf(p.x), py = floorf(p.y);
  float fx = p.x - px, fy = p.y - py;
  float r[4];
  for (int j = 0; j < 4; j++) {
    float yy = py - 1.0f + j + 0.5f;
    r[j] = cubic_filter(fx, tex2D(tex, px - 0.5f, yy), tex2D(tex, px + 0.5f, yy),
                        tex2D(tex, px + 1.5f, yy), tex2D(tex, px + 2.5f, yy));
  }
  return cubic_filter(fy, r[0], r[1], r[2], r[3]);
}

__global__ void render_bicubic(float *d_output, unsigned int width, unsigned int height,
                               float tx, float ty, float scale, float cx, float cy) {
  __requires(width > 0 && width < 512 && height == 512);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  unsigned int i = y * width + x;
  float2 p = make_float2((x - cx) * scale + cx + tx, (y - cy) * scale + cy + ty);
  if (x <= width && y < height)
    d_output[i] = tex2D_bicubic(p);
}
