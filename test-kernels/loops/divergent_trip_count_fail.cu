//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=1
//divergent_trip_count_fail\.cu:8:\d+: error: barrier may be reached by non-uniform control flow

__global__ void k(void) {
  // Thread 0 never reaches the barrier; thread 1 reaches it once.
  for (unsigned i = 0; i < threadIdx.x; i++)
    __syncthreads();
}
