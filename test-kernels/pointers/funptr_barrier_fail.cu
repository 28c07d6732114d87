//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//funptr_barrier_fail\.cu:\d+:\d+: error: barrier may be reached by non-uniform control flow

// Only one of the functions synchronises, and threads pick different ones.
typedef void (*step_t)(int *);

__device__ void sync_step(int *a) { __syncthreads(); }
__device__ void plain_step(int *a) { a[threadIdx.x] = 0; }

__global__ void k(int *a) {
  step_t f = (threadIdx.x < 32) ? sync_step : plain_step;
  f(a);
}
