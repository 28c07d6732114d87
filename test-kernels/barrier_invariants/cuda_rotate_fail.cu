//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=2
//cuda_rotate_fail\.cu:12:3: error: this assertion might not hold for thread \(\d+, 0, 0\) in group \(\d+, 0, 0\)

// The invariant is instantiated for the thread itself only, so the left neighbour's
// value is unknown after the barrier.
__global__ void rotate(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = threadIdx.x + 10;
  __barrier_invariant_1(s[threadIdx.x] == threadIdx.x + 10, threadIdx.x);
  __syncthreads();
  __assert(s[(threadIdx.x + 127) % 128] == (threadIdx.x + 127) % 128 + 10);
  out[blockIdx.x * 128 + threadIdx.x] = s[threadIdx.x];
}
