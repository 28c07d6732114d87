//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[32,32]
//error: possible [a-z-]+ race on out

// Texture-based box blur (average of the 4-neighbourhood fetched with tex2D) whose output
// row pitch is blockDim.x instead of the image width (a wrong stride): rows of different
// blocks overlap in `out`. 16x16 blocks, 512x512 image.
texture<float, 2, cudaReadModeElementType> tex_src;

__global__ void blur(float *out, int w, int h) {
  __requires(w == gridDim.x * blockDim.x && h == gridDim.y * blockDim.y);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
  float fx = x + 0.5f, fy = y + 0.5f;
  float s = tex2D(tex_src, fx - 1, fy) + tex2D(tex_src, fx + 1, fy) +
            tex2D(tex_src, fx, fy - 1) + tex2D(tex_src, fx, fy + 1);
  out[y * blockDim.x + x] = 0.25f * s;
}
