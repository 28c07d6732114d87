//xfail:NOT_ALL_VERIFIED
//--blockDim=192 --gridDim=64
//block_rows_after_grid_stride_fail\.cu:\d+:\d+: error: possible write-write race on out\[

// The row pitch is 255 words for rows of 256: the last word of each block's row is the
// first of the next block's.
__global__ void block_rows(unsigned int *out, const unsigned int *in, unsigned int n) {
  unsigned int acc = 0;
  for (unsigned int pos = blockIdx.x * blockDim.x + threadIdx.x; pos < n;
       pos += blockDim.x * gridDim.x)
    acc += in[pos];
  for (unsigned int j = threadIdx.x; j < 256; j += blockDim.x)
    out[blockIdx.x * 255 + j] = acc;
}
