//pass
//--blockDim=64 --gridDim=4

// Each thread picks one of two functions by the parity of its id; both write only the
// thread's own element.
typedef void (*op_t)(float *, unsigned);

__device__ void twice(float *v, unsigned i) { v[i] = 2.0f * v[i]; }
__device__ void half(float *v, unsigned i) { v[i] = 0.5f * v[i]; }

__global__ void k(float *v) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  op_t f = (i % 2 == 0) ? twice : half;
  f(v, i);
}
