//pass
//--blockDim=64 --gridDim=1

// The result of a specification is whatever its postcondition allows.
//
// At -O1 and above clang removes the function's return value (no caller uses it), and
// lockstep then rejects the `__ensures`/`__return_val` annotation (exit 4: misplaced
// annotation). Decided at -O0, the level its header asks for; a compiler effect on the
// annotation.

__device__ int __spec_positive(int x) {
  __requires(x >= 0);
  __ensures(__return_val_int() > x);
}

__global__ void k(int *p) {
  int r = __spec_positive(threadIdx.x);
  __assert(r > 0);
  p[threadIdx.x] = r;
}
