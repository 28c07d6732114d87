//xfail:UNSUPPORTED
//--blockDim=32 --gridDim=1
//error: recursion
//sum_down

__device__ void sum_down(int *A, int n) {
  if (n > 0) {
    A[n] = n;
    sum_down(A, n - 1);
    A[n] += A[n - 1];
  }
}

__global__ void k(int *A) {
  if (threadIdx.x == 0)
    sum_down(A, 8);
}
