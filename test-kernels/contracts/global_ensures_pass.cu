//pass
//--blockDim=32 --gridDim=1

// A global postcondition that holds for every thread.
//
// At -O1 and above clang removes the function's return value (no caller uses it), and
// lockstep then rejects the `__ensures`/`__return_val` annotation (exit 4: misplaced
// annotation). Decided at -O0, the level its header asks for; a compiler effect on the
// annotation.

__device__ void touch(int *p) {
  __global_ensures(threadIdx.x < 32);
}

__global__ void k(int *p) {
  if (threadIdx.x % 2 == 0)
    touch(p);
}
