//pass
//--blockDim=[16,4] --gridDim=[2,3]

__shared__ int tile[4][16];

__global__ void k(const int *src, int *dst) {
  unsigned x = threadIdx.x, y = threadIdx.y;
  unsigned b = blockIdx.y * gridDim.x + blockIdx.x;
  unsigned i = b * 64 + y * 16 + x;
  tile[y][x] = src[i];
  __syncthreads();
  dst[i] = tile[y][(x + 1) % 16] + tile[(y + 1) % 4][x];
}
