//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//funptr_param_fail\.cu:12:\d+: error: possible call through a function pointer that names no function of its type

// A function pointer passed by the host may be anything: nothing says it names `inc`.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int use_inc(int x) { op_t g = inc; return g(x); }

__global__ void k(int *out, op_t f) {
  out[threadIdx.x] = f(threadIdx.x);
}
