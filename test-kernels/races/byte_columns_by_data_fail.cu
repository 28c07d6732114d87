//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=32
//error: possible [a-z-]+ race on hist

// As `byte_columns_by_data_pass.cu`, with the column taken from the low five bits of the
// thread index only: threads t and t + 32 share a column, and the data may choose one bin
// for both.
__global__ void byte_columns(unsigned int *out, const unsigned int *data, unsigned int n) {
  __requires(n == 65536);
  __shared__ unsigned char hist[64 * 64];
  unsigned int col = threadIdx.x & 31;
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
