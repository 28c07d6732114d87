//pass
//--blockDim=[128,3] --gridDim=[128,1]

// CUDA samples quasirandomGenerator's quasirandomGeneratorKernel (Niederreiter base 2),
// written from the public description: 3 dimensions, N = 1048576 points. threadIdx.y picks
// the dimension; a grid-stride loop over the points XORs the 31 direction numbers of the
// set bits of seed + pos from a constant table and stores the scaled result at
// d_Output[dim * N + pos]. 128x3 blocks, 128 blocks.
#define QRNG_DIMENSIONS 3
#define QRNG_RESOLUTION 31
#define INT_SCALE (1.0f / (float)0x80000001U)
__constant__ unsigned int c_Table[QRNG_DIMENSIONS][QRNG_RESOLUTION];

__global__ void quasirandomGeneratorKernel(float *d_Output, unsigned int seed, unsigned int N) {
  __requires(N == 1048576);
  unsigned int *dimBase = &c_Table[threadIdx.y][0];
  unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned int threadN = blockDim.x * gridDim.x;
  for (unsigned int pos = tid; pos < N; pos += threadN) {
    unsigned int result = 0;
    unsigned int data = seed + pos;
    for (int bit = 0; bit < QRNG_RESOLUTION; bit++, data >>= 1)
      if (data & 1)
        result ^= dimBase[bit];
    d_Output[threadIdx.y * N + pos] = (float)(result + 1) * INT_SCALE;
  }
}
