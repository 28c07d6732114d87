//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//funptr_null_fail\.cu:17:\d+: error: possible null pointer access

// The function pointer is null unless `mode` is 1 or 2: calling it may call null.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__global__ void k(int *out, int mode) {
  op_t f = 0;
  if (mode == 1)
    f = inc;
  else if (mode == 2)
    f = dec;
  out[threadIdx.x] = f(threadIdx.x);
}
