//pass
//--blockDim=[8,8] --gridDim=[64,64]

// CUDA samples dct8x8, the shared-memory 2-D DCT of each 8x8 block (CUDAkernel1DCT), written
// from the public description: a 512x512 image, one 8x8 thread block per 8x8 pixel block.
// Each thread loads its pixel into shared memory; after a barrier, each thread computes one
// coefficient of D * X (rows of the constant DCT matrix times columns of the block) into a
// second shared block; after a barrier, one coefficient of (D * X) * D^T back into the first;
// after a barrier, each thread stores its coefficient. 64x64 blocks.
#define BLOCK_SIZE 8
#define BLOCK_SIZE_LOG2 3
__constant__ float DCTv8matrix[BLOCK_SIZE * BLOCK_SIZE];
__constant__ float DCTv8matrixT[BLOCK_SIZE * BLOCK_SIZE];

__global__ void CUDAkernel1DCT(float *Dst, const float *Src, int ImgStride) {
  __requires(ImgStride == 512);
  __shared__ float CurBlockLocal1[BLOCK_SIZE * BLOCK_SIZE];
  __shared__ float CurBlockLocal2[BLOCK_SIZE * BLOCK_SIZE];
  int bx = blockIdx.x, by = blockIdx.y;
  int tx = threadIdx.x, ty = threadIdx.y;
  int OffsXBlocks = bx << BLOCK_SIZE_LOG2;
  int OffsYBlocks = by << BLOCK_SIZE_LOG2;
  CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] =
      Src[(OffsYBlocks + ty) * ImgStride + OffsXBlocks + tx];
  __syncthreads();
  float curelem = 0;
  int DCTv8matrixIndex = ty * BLOCK_SIZE;
  int CurBlockLocal1Index = tx;
  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += DCTv8matrix[DCTv8matrixIndex] * CurBlockLocal1[CurBlockLocal1Index];
    DCTv8matrixIndex++;
    CurBlockLocal1Index += BLOCK_SIZE;
  }
  CurBlockLocal2[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
  __syncthreads();
  curelem = 0;
  int CurBlockLocal2Index = ty << BLOCK_SIZE_LOG2;
  DCTv8matrixIndex = tx;
  for (int i = 0; i < BLOCK_SIZE; i++) {
    curelem += CurBlockLocal2[CurBlockLocal2Index] * DCTv8matrixT[DCTv8matrixIndex];
    CurBlockLocal2Index++;
    DCTv8matrixIndex += BLOCK_SIZE;
  }
  CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx] = curelem;
  __syncthreads();
  Dst[(OffsYBlocks + ty) * ImgStride + OffsXBlocks + tx] =
      CurBlockLocal1[(ty << BLOCK_SIZE_LOG2) + tx];
}
