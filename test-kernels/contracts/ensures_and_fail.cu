//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=2
//ensures_and_fail\.cu:8:\d+: error: postcondition might not hold

// The minimum is not above both.

__device__ int pick(int a, int b) {
  __ensures(__return_val_int() >= a && __return_val_int() >= b);
  return a < b ? a : b;
}

__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = pick(threadIdx.x, 7);
}
