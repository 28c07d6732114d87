//pass
//--blockDim=192 --gridDim=64

// Each block writes its own row of 256 words, block-stride (`j` steps by 192 from the
// thread's index), after a grid-stride loop whose trip count depends on `n` (so unrolling
// is not exact and the loop is cut). The row's offset is `blockIdx.x * 256 + j` as one
// 32-bit sum: the race log of `out` is at that sum at the iteration it recorded.
__global__ void block_rows(unsigned int *out, const unsigned int *in, unsigned int n) {
  unsigned int acc = 0;
  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < n;
       pos += blockDim.x * gridDim.x)
    acc += in[pos];
  for (unsigned int j = threadIdx.x; j < 256; j += blockDim.x)
    out[blockIdx.x * 256 + j] = acc;
}
