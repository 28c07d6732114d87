//pass
//--blockDim=32 --gridDim=2

// && and ?: in a postcondition (a two-way choice each).
//
// At -O1 and above clang removes the function's return value (no caller uses it), and
// lockstep then rejects the `__ensures`/`__return_val` annotation (exit 4: misplaced
// annotation). Decided at -O0, the level its header asks for; a compiler effect on the
// annotation.

__device__ int pick(int a, int b) {
  __ensures(__return_val_int() >= a && __return_val_int() >= b);
  __ensures((a > b ? __return_val_int() == a : __return_val_int() == b));
  return a > b ? a : b;
}

__global__ void k(int *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = pick(threadIdx.x, 7);
}
