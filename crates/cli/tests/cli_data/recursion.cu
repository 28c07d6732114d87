__device__ int depth(int n) {
  return n <= 0 ? 0 : 1 + depth(n - 1);
}

__global__ void recurse(int *A) {
  A[threadIdx.x] = depth(threadIdx.x);
}
