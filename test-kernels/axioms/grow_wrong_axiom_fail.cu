//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2 --boogie-file=${KERNEL_DIR}/shrinks.bpl
//grow_wrong_axiom_fail\.cu:13:\d+: error: this assertion might not hold

// With the opposite axiom, `grow(t) >= t` fails for a thread with t > 0.

// The prototype DECLARE_UF_UNARY would give (written out: in CUDA the macro is not usable yet).
extern "C" __device__ __attribute__((const)) unsigned grow(unsigned);

__global__ void k(unsigned *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned g = grow(t);
  __assert(g >= t);
  out[t] = g;
}
