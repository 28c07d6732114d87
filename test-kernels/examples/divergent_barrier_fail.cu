//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2
//divergent_barrier_fail\.cu:13:\d+: error: barrier may be reached by non-uniform control flow

__global__ void reverse(int *data, unsigned n) {
  __shared__ int buf[64];
  unsigned t = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + t;
  // Threads past the end leave early and never reach the barrier.
  if (i >= n)
    return;
  buf[t] = data[i];
  __syncthreads();
  data[i] = buf[63 - t];
}
