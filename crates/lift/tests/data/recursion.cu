// A recursive device function: inlining cannot remove the call.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__global__ void recursion(int *A) {
  A[0] = fact(A[1]);
}
