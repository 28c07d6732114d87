// CUDA through the driver's cuda.h: built-in variables, __syncthreads and a __shared__
// array indexed in two dimensions.
__global__ void transpose(float *out, const float *in) {
  __shared__ float tile[16][17];
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * gridDim.x * blockDim.x + x];
  __syncthreads();
  out[x * gridDim.y * blockDim.y + y] = tile[threadIdx.x][threadIdx.y];
}
