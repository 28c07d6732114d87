//pass
//--blockDim=32 --gridDim=2

// && and ?: in a postcondition (a two-way choice each).

__device__ int pick(int a, int b) {
  __ensures(__return_val_int() >= a && __return_val_int() >= b);
  __ensures((a > b ? __return_val_int() == a : __return_val_int() == b));
  return a > b ? a : b;
}

__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = pick(threadIdx.x, 7);
}
