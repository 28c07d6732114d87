//xfail:UNSUPPORTED
//--blockDim=32 --gridDim=1
//return_val_type_error\.cu:8:\d+: error: unsupported: misplaced annotation: `__return_val_int\(\)` whose type does not match

// A long long function with an int postcondition on its result.

__device__ long long twice(int i) {
  __ensures(__return_val_int() == i * 2);
  return i * 2;
}

__global__ void k(long long *p) { p[threadIdx.x] = twice(threadIdx.x); }
