//pass
//--blockDim=64 --gridDim=1

// The precondition says which functions the host may pass.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__global__ void k(int *out, op_t f) {
  __requires(f == inc | f == dec);
  out[threadIdx.x] = f(threadIdx.x);
}
