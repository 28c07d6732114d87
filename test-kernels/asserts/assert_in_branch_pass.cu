//pass
//--blockDim=32 --gridDim=1

__global__ void k(void) {
  if (threadIdx.x >= 16)
    __assert(threadIdx.x != 3);
}
