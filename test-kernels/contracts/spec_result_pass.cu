//pass
//--blockDim=64 --gridDim=1

// The result of a specification is whatever its postcondition allows.

__device__ int __spec_positive(int x) {
  __requires(x >= 0);
  __ensures(__return_val_int() > x);
}

__global__ void k(int *p) {
  int r = __spec_positive(threadIdx.x);
  __assert(r > 0);
  p[threadIdx.x] = r;
}
