//pass
//--blockDim=32 --gridDim=1

// A global postcondition that holds for every thread.

__device__ void touch(int *p) {
  __global_ensures(threadIdx.x < 32);
}

__global__ void k(int *p) {
  if (threadIdx.x % 2 == 0)
    touch(p);
}
