//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=1
//alternates_no_axiom_fail\.cu:12:\d+: error: this assertion might not hold

// Without alternates.bpl nothing relates `odd(t)` to `odd(t + 1)`.

// The prototype DECLARE_UF_UNARY would give (written out: in CUDA the macro is not usable yet).
extern "C" __device__ __attribute__((const)) bool odd(unsigned);

__global__ void k(int *out) {
  unsigned t = threadIdx.x;
  __assert(odd(t) != odd(t + 1));
  out[t] = odd(t);
}
