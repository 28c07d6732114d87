//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//error: possible (read-write|write-read) race on tile

// block_stride_tile_pass.cu with thread 0 reading its neighbour's element too: thread 1 may
// already fill tile[1] for the next row while thread 0 reads it (no barrier in between).
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
      out[row] = tile[0] + tile[1];
  }
}
