//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//spec_result_fail\.cu:13:\d+: error: this assertion might not hold

// Nothing says the result is small.

__device__ int __spec_positive(int x) {
  __ensures(__return_val_int() > x);
}

__global__ void k(int *p) {
  int r = __spec_positive(threadIdx.x);
  __assert(r < 100);
  p[threadIdx.x] = r;
}
