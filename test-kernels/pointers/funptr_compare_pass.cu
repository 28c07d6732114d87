//pass
//--blockDim=64 --gridDim=1

// Function pointers compare equal exactly when they name the same function.
typedef int (*op_t)(int);

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }

__global__ void k(int *out, int mode) {
  op_t f = mode ? inc : dec;
  op_t g = inc;
  __assert((f == g) == (mode != 0));
  __assert(f != 0);
  out[threadIdx.x] = f(threadIdx.x);
}
