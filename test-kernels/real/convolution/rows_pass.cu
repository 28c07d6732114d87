//pass
//--blockDim=[16,4] --gridDim=[24,768]

// Separable convolution, row pass, after the public description of the CUDA
// convolutionSeparable sample: a 16x4 block loads 8 result tiles plus one halo tile on each
// side into shared memory, then each thread computes 8 outputs with a radius-8 filter from
// __constant__ memory. 3072x3072 image: grid 24x768.
#define KERNEL_RADIUS 8
#define ROWS_BLOCKDIM_X 16
#define ROWS_BLOCKDIM_Y 4
#define ROWS_RESULT_STEPS 8
#define ROWS_HALO_STEPS 1

__constant__ float c_Kernel[2 * KERNEL_RADIUS + 1];

__global__ void convolution_rows(float *d_Dst, const float *d_Src, int imageW, int imageH,
                                 int pitch) {
  __requires(imageW == gridDim.x * ROWS_RESULT_STEPS * ROWS_BLOCKDIM_X);
  __requires(pitch == imageW && imageH == gridDim.y * ROWS_BLOCKDIM_Y);
  __shared__ float s_Data[ROWS_BLOCKDIM_Y]
                         [(ROWS_RESULT_STEPS + 2 * ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X];
  const int baseX = (blockIdx.x * ROWS_RESULT_STEPS - ROWS_HALO_STEPS) * ROWS_BLOCKDIM_X +
                    threadIdx.x;
  const int baseY = blockIdx.y * ROWS_BLOCKDIM_Y + threadIdx.y;
  d_Src += baseY * pitch + baseX;
  d_Dst += baseY * pitch + baseX;
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] = d_Src[i * ROWS_BLOCKDIM_X];
  for (int i = 0; i < ROWS_HALO_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
        (baseX >= -i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
  for (int i = ROWS_HALO_STEPS + ROWS_RESULT_STEPS;
       i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS + ROWS_HALO_STEPS; i++)
    s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X] =
        (imageW - baseX > i * ROWS_BLOCKDIM_X) ? d_Src[i * ROWS_BLOCKDIM_X] : 0;
  __syncthreads();
  for (int i = ROWS_HALO_STEPS; i < ROWS_HALO_STEPS + ROWS_RESULT_STEPS; i++) {
    float sum = 0;
    for (int j = -KERNEL_RADIUS; j <= KERNEL_RADIUS; j++)
      sum += c_Kernel[KERNEL_RADIUS - j] *
             s_Data[threadIdx.y][threadIdx.x + i * ROWS_BLOCKDIM_X + j];
    d_Dst[i * ROWS_BLOCKDIM_X] = sum;
  }
}
