//pass
//--blockDim=64 --gridDim=1

// As funptr_null_fail, but the call is guarded by a null check.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__global__ void k(int *out, int mode) {
  op_t f = 0;
  if (mode == 1)
    f = inc;
  else if (mode == 2)
    f = dec;
  if (f != 0)
    out[threadIdx.x] = f(threadIdx.x);
}
