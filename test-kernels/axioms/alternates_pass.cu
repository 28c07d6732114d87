//pass
//--blockDim=64 --gridDim=1 --boogie-file=${KERNEL_DIR}/alternates.bpl

// A Boolean uninterpreted function and `<==>` in the axiom.

// The prototype DECLARE_UF_UNARY would give (written out: in CUDA the macro is not usable yet).
extern "C" __device__ __attribute__((const)) bool odd(unsigned);

__global__ void k(int *out) {
  unsigned t = threadIdx.x;
  __assert(odd(t) != odd(t + 1));
  out[t] = odd(t);
}
