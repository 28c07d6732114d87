//pass
//--blockDim=[16,12] --gridDim=[192,256]

// Row pass of a separable convolution reading the source image through a 2-D texture,
// after the public description of the CUDA samples' convolutionTexture: one output pixel
// per thread, 2 * KERNEL_RADIUS + 1 tex2D fetches along the row (the texture clamps at the
// borders), filter taps in constant memory. 16x12 blocks over a 3072x3072 image.
#define KERNEL_RADIUS 8
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)
__constant__ float c_Kernel[KERNEL_LENGTH];
texture<float, 2, cudaReadModeElementType> texSrc;

__global__ void convolution_rows_tex(float *d_Dst, int imageW, int imageH) {
  __requires(imageW == 3072 && imageH == 3072);
  const int ix = blockDim.x * blockIdx.x + threadIdx.x;
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
