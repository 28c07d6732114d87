//pass
//--blockDim=256 --gridDim=128

// Dot products of 256 vector pairs of 4096 elements, after the public description of the
// CUDA samples' scalarProd: blocks stride over the vectors; each thread accumulates partial
// sums of the pair into a 1024-entry shared array, a tree reduction with a barrier before
// each step folds it, and thread 0 writes the vector's result. 256-thread blocks, 128 blocks.
#define ACCUM_N 1024
__global__ void scalar_prod(float *d_C, const float *d_A, const float *d_B, int vectorN,
                            int elementN) {
  __requires(vectorN == 256 && elementN == 4096);
  __shared__ float accum[ACCUM_N];
  for (int vec = blockIdx.x; vec < vectorN; vec += gridDim.x) {
    int vectorBase = elementN * vec;
    int vectorEnd = vectorBase + elementN;
    for (int i = threadIdx.x; i < ACCUM_N; i += blockDim.x) {
      float sum = 0;
      for (int pos = vectorBase + i; pos < vectorEnd; pos += ACCUM_N)
        sum += d_A[pos] * d_B[pos];
      accum[i] = sum;
    }
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        accum[i] += accum[stride + i];
    }
    __syncthreads();
    if (threadIdx.x == 0)
      d_C[vec] = accum[0];
  }
}
