//pass
//--blockDim=[16,8] --gridDim=[192,48]

// Separable convolution, column pass, after the public description of the CUDA
// convolutionSeparable sample: 16x8 blocks, 8 result tiles plus a halo tile above and below
// in a shared array padded by one column; radius-8 filter in __constant__ memory.
// 3072x3072 image: grid 192x48.
#define KERNEL_RADIUS 8
#define COLUMNS_BLOCKDIM_X 16
#define COLUMNS_BLOCKDIM_Y 8
#define COLUMNS_RESULT_STEPS 8
#define COLUMNS_HALO_STEPS 1

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolution_columns(float *d_Dst, const float *d_Src, int imageW,
                                    int imageH, int pitch) {
  __requires(imageW == gridDim.x * COLUMNS_BLOCKDIM_X && pitch == imageW);
  __requires(imageH == gridDim.y * COLUMNS_RESULT_STEPS * COLUMNS_BLOCKDIM_Y);
  __shared__ float s_Data[COLUMNS_BLOCKDIM_X]
                         [(COLUMNS_RESULT_STEPS + 2 * COLUMNS_HALO_STEPS) *
                              COLUMNS_BLOCKDIM_Y + 1];
  const int baseX = blockIdx.x * COLUMNS_BLOCKDIM_X + threadIdx.x;
  const int baseY = (blockIdx.y * COLUMNS_RESULT_STEPS - COLUMNS_HALO_STEPS) *
                        COLUMNS_BLOCKDIM_Y + threadIdx.y;
  d_Src += baseY * pitch + baseX;
  d_Dst += baseY * pitch + baseX;
  for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++)
    s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
        d_Src[i * COLUMNS_BLOCKDIM_Y * pitch];
  for (int i = 0; i < COLUMNS_HALO_STEPS; i++)
    s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
        (baseY >= -i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch] : 0;
  for (int i = COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS;
       i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS + COLUMNS_HALO_STEPS; i++)
    s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y] =
        (imageH - baseY > i * COLUMNS_BLOCKDIM_Y) ? d_Src[i * COLUMNS_BLOCKDIM_Y * pitch]
                                                  : 0;
  __syncthreads();
  for (int i = COLUMNS_HALO_STEPS; i < COLUMNS_HALO_STEPS + COLUMNS_RESULT_STEPS; i++) {
    float sum = 0;
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] *
             s_Data[threadIdx.x][threadIdx.y + i * COLUMNS_BLOCKDIM_Y + j];
    d_Dst[i * COLUMNS_BLOCKDIM_Y * pitch] = sum;
  }
}
