//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4162
//error: possible [a-z-]+ race on s_Hist

// As `histogram64_pass.cu`, with the column permutation dropping the thread index's top
// bits (`(threadIdx.x & 15) << 2` only): threads t, t + 16, t + 32 and t + 48 share a
// column and increment the same byte counters with plain read-modify-writes.
#define BIN_COUNT 64
#define BLOCK 64
__device__ void add_byte(unsigned char *s_ThreadBase, unsigned int data) {
  s_ThreadBase[data * BLOCK]++;
}

__device__ void add_word(unsigned char *s_ThreadBase, unsigned int data) {
  add_byte(s_ThreadBase, (data >> 2) & 0x3FU);
  add_byte(s_ThreadBase, (data >> 10) & 0x3FU);
  add_byte(s_ThreadBase, (data >> 18) & 0x3FU);
  add_byte(s_ThreadBase, (data >> 26) & 0x3FU);
}

__global__ void histogram64(unsigned int *d_PartialHistograms, const unsigned int *d_Data,
                            unsigned int dataCount) {
  __requires(dataCount == 16777216);
  const unsigned int threadPos = (threadIdx.x & 15) << 2;
  __shared__ unsigned char s_Hist[BLOCK * BIN_COUNT];
  unsigned char *s_ThreadBase = s_Hist + threadPos;

  for (unsigned int i = 0; i < BIN_COUNT / 4; i++)
    ((unsigned int *)s_Hist)[threadIdx.x + i * BLOCK] = 0;
  __syncthreads();

  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < dataCount;
       pos += blockDim.x * gridDim.x)
    add_word(s_ThreadBase, d_Data[pos]);
  __syncthreads();

  if (threadIdx.x < BIN_COUNT) {
    unsigned int bin = threadIdx.x;
    unsigned int sum = 0;
    for (unsigned int i = 0; i < BLOCK; i++) {
      unsigned int col = (i + threadIdx.x) & (BLOCK - 1);
      sum += s_Hist[bin * BLOCK + col];
    }
    d_PartialHistograms[blockIdx.x * BIN_COUNT + bin] = sum;
  }
}
