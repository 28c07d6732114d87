// CUDA atomics from lockstep's cuda.h: clang atomic builtins (atomicrmw, cmpxchg)
// and the NVPTX intrinsics behind atomicInc/atomicDec.
__global__ void atomics(int *count, unsigned *wrap, float *sum, int *lock) {
  atomicAdd(count, 1);
  atomicInc(wrap, 15u);
  atomicDec(wrap + 1, 15u);
  atomicAdd(sum, 0.5f);
  while (atomicCAS(lock, 0, 1) != 0) {
  }
  atomicExch(lock, 0);
}
