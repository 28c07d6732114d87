//pass
//--blockDim=128 --gridDim=64

// Blocks stride over the rows of a matrix (a persistent-block loop); each row goes through a
// __shared__ tile: every thread fills its own element, the row is reversed through the
// tile between barriers, and thread 0 then reads the first element, which only thread 0
// writes, so the next row's fill needs no barrier before it. At the row loop's head the
// read log holds thread 0's read of tile[0] for a pair of one block; a pair of two blocks
// (whose tiles are not shared, and for whom no barrier clears the log) also keeps the
// reversal's reads, so what the log holds is stated for one block only.
__global__ void row_heads(float *out, const float *in, int rows) {
  __requires(rows == 4096);
  __shared__ float tile[128];
  for (int row = blockIdx.x; row < rows; row += gridDim.x) {
    tile[threadIdx.x] = in[row * 128 + threadIdx.x];
    __syncthreads();
    float mirrored = tile[127 - threadIdx.x];
    __syncthreads();
    tile[threadIdx.x] = mirrored;
    __syncthreads();
    if (threadIdx.x == 0)
      out[row] = tile[0];
  }
}
