//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//possible null pointer access

// A function without a body returns a pointer: reading through it is reported.
__device__ float *lookup(int key);

__global__ void returned_pointer_fail(float *A) {
  float *p = lookup(threadIdx.x);
  A[blockIdx.x * blockDim.x + threadIdx.x] = p[0];
}
