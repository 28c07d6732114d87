//pass
//--blockDim=32 --gridDim=4

__global__ void k(int n) {
  if (n > 0 && blockIdx.x == 0)
    __syncthreads();
}
