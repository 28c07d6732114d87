//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//error: possible [a-z-]+ race on accum

// As `scalar_prod_pass.cu`, without the barrier before each step of the tree reduction:
// at stride 128, thread t reads accum[128 + t] while thread 128 + t may still be adding
// into it at stride 256.
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
    __syncthreads();
    for (int stride = ACCUM_N / 2; stride > 0; stride >>= 1) {
      for (int i = threadIdx.x; i < stride; i += blockDim.x)
        accum[i] += accum[stride + i];
    }
    __syncthreads();
    if (threadIdx.x == 0)
      d_C[vec] = accum[0];
  }
}
