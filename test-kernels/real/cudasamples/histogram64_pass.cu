//pass
//--blockDim=64 --gridDim=4162

// Partial 64-bin histograms of 64 MB of bytes, after the public description of the CUDA
// samples' histogram64: each thread owns a column of byte-sized counters in a shared array
// laid out as [bin][thread] (so no atomics are needed; a thread handles at most 63 words,
// 252 bytes, so a byte cannot overflow), with the thread's column permuted to avoid bank
// conflicts. The counters are cleared as 32-bit words, each thread counts the top 6 bits of
// each byte of its words (grid-stride), and after a barrier thread b sums bin b over the
// 64 columns and writes the block's partial histogram. 64-thread blocks,
// ceil(64M / (64 * 252)) = 4162 blocks.
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
  // bits 3..0 of the thread index go to bits 5..2 of its column, bits 5..4 to bits 1..0
  const unsigned int threadPos = ((threadIdx.x & 15) << 2) | ((threadIdx.x & 48) >> 4);
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
