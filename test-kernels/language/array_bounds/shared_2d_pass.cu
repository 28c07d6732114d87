//pass
//--blockDim=[8,8] --gridDim=2 --check-array-bounds

// A two-dimensional shared tile indexed by both thread coordinates.
__global__ void k(float *out) {
  __shared__ float tile[8][8];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}
