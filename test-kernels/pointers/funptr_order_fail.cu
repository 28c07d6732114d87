//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//funptr_order_fail\.cu:13:\d+: error: this assertion might not hold

// The order of two functions' addresses is not known: it may go either way.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__global__ void k(int *out) {
  op_t f = inc, g = dec;
  __assert(f < g);
  out[threadIdx.x] = f(threadIdx.x) + g(threadIdx.x);
}
