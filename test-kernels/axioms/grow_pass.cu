//pass
//--blockDim=64 --gridDim=2 --boogie-file=${KERNEL_DIR}/grows.bpl

// The axiom's bvuge builtin is the kernel's unsigned >=.

// The prototype DECLARE_UF_UNARY would give (written out: in CUDA the macro is not usable yet).
extern "C" __device__ __attribute__((const)) unsigned grow(unsigned);

__global__ void k(unsigned *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned g = grow(t);
  __assert(g >= t);
  out[t] = g;
}
