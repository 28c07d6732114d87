//pass
//--blockDim=64 --gridDim=32

// Per-thread byte counters in a shared [bin][thread] array: each thread increments the
// counter of a bin its data chooses, in its own column (a permutation of the thread
// index, as histogram kernels spread columns over banks). Bins vary with the data, the
// column does not: no two threads of a block touch one byte. The counters are cleared as
// words before the barrier.
__global__ void byte_columns(unsigned int *out, const unsigned int *data, unsigned int n) {
  __requires(n == 65536);
  __shared__ unsigned char hist[64 * 64];
  unsigned int col = ((threadIdx.x & 7) << 3) | ((threadIdx.x & 56) >> 3);
  for (unsigned int i = 0; i < 16; i++)
    ((unsigned int *)hist)[threadIdx.x + i * 64] = 0;
  __syncthreads();
  for (unsigned int p = blockIdx.x * blockDim.x + threadIdx.x; p < n;
       p += blockDim.x * gridDim.x) {
    unsigned int bin = data[p] & 63;
    hist[col + bin * 64]++;
  }
  __syncthreads();
  unsigned int sum = 0;
  for (unsigned int c = 0; c < 64; c++)
    sum += hist[threadIdx.x * 64 + c];
  out[blockIdx.x * 64 + threadIdx.x] = sum;
}
