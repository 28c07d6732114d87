//xfail:UNSUPPORTED
//--blockDim=64 --gridDim=1
//funptr_bodiless_unsupported\.cu:14:\d+: error: unsupported: call through a function pointer that may point to `external_op`, which has no body

// A function without a body may be called through the pointer: there is nothing to verify.
typedef int (*op_t)(int);

__device__ int external_op(int x);
__device__ int inc(int x) { return x + 1; }

__global__ void k(int *out, int mode) {
  op_t f = inc;
  if (mode) f = external_op;
  out[threadIdx.x] = f(threadIdx.x);
}
