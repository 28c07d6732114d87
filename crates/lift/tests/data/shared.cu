// CUDA: a __shared__ array, __syncthreads, a loop, float math and a by-value struct
// parameter that is never used.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
struct pair { int a; float b; };
__global__ void shared_sum(int *A, float *F, struct pair unused, unsigned n) {
  __shared__ int sh[32];
  unsigned t = __nvvm_read_ptx_sreg_tid_x() + __nvvm_read_ptx_sreg_ctaid_x() * 0;
  sh[t] = A[t];
  __syncthreads();
  for (unsigned i = 0; i < n; i++)
    A[t] += sh[(t + i) % 32];
  F[t] = F[t] * 2.0f + __builtin_sqrtf(F[t]);
}
