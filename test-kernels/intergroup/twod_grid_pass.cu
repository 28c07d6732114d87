//pass
//--blockDim=[8,4] --gridDim=[3,2]

__global__ void k(int *out) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  out[y * (gridDim.x * blockDim.x) + x] = threadIdx.x;
}
