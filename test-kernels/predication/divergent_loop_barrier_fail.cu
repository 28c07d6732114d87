//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//divergent_loop_barrier_fail\.cu:\d+:\d+: error: barrier may be reached by non-uniform control flow

// A barrier in a loop whose trip count depends on the thread.
__global__ void k(int *a) {
  for (int j = 0; j < threadIdx.x; j++) {
    __syncthreads();
    a[threadIdx.x] = j;
  }
}
