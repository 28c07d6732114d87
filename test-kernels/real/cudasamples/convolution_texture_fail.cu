//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,12] --gridDim=[192,256]
//error: possible [a-z-]+ race on d_Dst

// As `convolution_texture_pass.cu`, with a copy-paste slip in the column index: ix uses
// blockDim.y (12) as the block width instead of blockDim.x (16), so threads 12..15 of
// block bx compute the same ix as threads 0..3 of block bx + 1 and both write the pixel.
#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
__constant__ float c_Kernel[KERNEL_LENGTH];
texture<float, 2, cudaReadModeElementType> texSrc;

__global__ void convolution_rows_tex(float *d_Dst, int imageW, int imageH) {
  __requires(imageW == 3072 && imageH == 3072);
  const int ix = blockDim.y * blockIdx.x + threadIdx.x;
  const int iy = blockDim.y * blockIdx.y + threadIdx.y;
  const float x = (float)ix + 0.5f;
  const float y = (float)iy + 0.5f;
  if (ix >= imageW || iy >= imageH)
    return;
  float sum = 0;
  for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; k++)
    sum += tex2D(texSrc, x + (float)k, y) * c_Kernel[KERNEL_RADIUS - k];
  d_Dst[iy * imageW + ix] = sum;
}
