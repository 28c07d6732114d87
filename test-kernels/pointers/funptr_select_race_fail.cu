//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//funptr_select_race_fail\.cu:\d+:\d+: error: possible write-(write|read) race on v\[0\]

// One of the two functions the pointer may name writes the first element: threads with
// odd ids race on it.
typedef void (*op_t)(float *, unsigned);

__device__ void twice(float *v, unsigned i) { v[i] = 2.0f * v[i]; }
__device__ void first(float *v, unsigned i) { v[0] = 1.0f; }

__global__ void k(float *v) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  op_t f = (i % 2 == 0) ? twice : first;
  f(v, i);
}
