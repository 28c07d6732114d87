/*
 * cuda_warp.h -- CUDA warp shuffles, votes, matches and reductions, included
 * by lockstep's cuda.h (which defines __LOCKSTEP_D and warpSize).
 *
 * A shuffle returns a register of another lane, and a vote combines the
 * predicates of the whole warp: values lockstep does not track. Both are
 * modelled as an arbitrary value, chosen anew by every thread at every call
 * (functions without a body, which the verifier reads as "any value, no memory
 * effect"), which is sound for race and divergence checking. Votes and
 * reductions go through functions of their own (lockstep_cuda_warp_all, ...,
 * given the lane's predicate), whose result the verifier also knows to be one
 * for two threads of a warp that execute the call together, and to agree with
 * the lane's own predicate (__all_sync is nonzero only if p is, __any_sync is
 * if p is, bit `lane` of __ballot_sync is p). They order no
 * memory accesses, as in CUDA (only __syncwarp does). Not `const` functions:
 * two threads of different warps passing equal arguments may get different
 * values. The deprecated forms without a mask are the same.
 */
#ifndef LOCKSTEP_CUDA_WARP_H
#define LOCKSTEP_CUDA_WARP_H

extern "C" {
__device__ int lockstep_cuda_warp_int(void);
__device__ unsigned int lockstep_cuda_warp_uint(void);
__device__ long long lockstep_cuda_warp_longlong(void);
__device__ unsigned long long lockstep_cuda_warp_ulonglong(void);
__device__ float lockstep_cuda_warp_float(void);
__device__ double lockstep_cuda_warp_double(void);
/* Each takes the member mask m first: only threads with one mask share a result. */
__device__ int lockstep_cuda_warp_shfl_int(unsigned m, int v, int mode, int b, int c);
__device__ unsigned int lockstep_cuda_warp_shfl_uint(unsigned m, unsigned int v, int mode,
                                                     int b, int c);
__device__ long long lockstep_cuda_warp_shfl_longlong(unsigned m, long long v, int mode, int b,
                                                      int c);
__device__ unsigned long long lockstep_cuda_warp_shfl_ulonglong(unsigned m,
                                                               unsigned long long v,
                                                               int mode, int b, int c);
__device__ float lockstep_cuda_warp_shfl_float(unsigned m, float v, int mode, int b, int c);
__device__ double lockstep_cuda_warp_shfl_double(unsigned m, double v, int mode, int b, int c);
__device__ int lockstep_cuda_warp_all(unsigned m, int p);
__device__ int lockstep_cuda_warp_any(unsigned m, int p);
__device__ int lockstep_cuda_warp_uni(unsigned m, int p);
__device__ unsigned int lockstep_cuda_warp_ballot(unsigned m, int p);
__device__ int lockstep_cuda_warp_reduce_int(unsigned m, int v, int op);
__device__ unsigned int lockstep_cuda_warp_reduce_uint(unsigned m, unsigned int v, int op);
}
/* A shuffle's lane arithmetic as PTX's shfl takes it: b the lane, delta or mask, c the
 * segment mask (32 - width) << 8 and the clamp (31, or 0 for up). */
#define __LOCKSTEP_SHFL(T, F)                                                \
  __LOCKSTEP_D T __shfl_sync(unsigned int m, T v, int l, int w = warpSize) { \
    return F(m, v, 0, l, ((32 - w) << 8) | 31);                               \
  }                                                                        \
  __LOCKSTEP_D T __shfl_up_sync(unsigned int m, T v, unsigned int d,       \
                                int w = warpSize) {                        \
    return F(m, v, 1, d, (32 - w) << 8);                                      \
  }                                                                        \
  __LOCKSTEP_D T __shfl_down_sync(unsigned int m, T v, unsigned int d,     \
                                  int w = warpSize) {                      \
    return F(m, v, 2, d, ((32 - w) << 8) | 31);                               \
  }                                                                        \
  __LOCKSTEP_D T __shfl_xor_sync(unsigned int m, T v, int l,               \
                                 int w = warpSize) {                       \
    return F(m, v, 3, l, ((32 - w) << 8) | 31);                               \
  }                                                                        \
  __LOCKSTEP_D T __shfl(T v, int l, int w = warpSize) {                    \
    return F(0xffffffffu, v, 0, l, ((32 - w) << 8) | 31);                               \
  }                                                                        \
  __LOCKSTEP_D T __shfl_up(T v, unsigned int d, int w = warpSize) {        \
    return F(0xffffffffu, v, 1, d, (32 - w) << 8);                                      \
  }                                                                        \
  __LOCKSTEP_D T __shfl_down(T v, unsigned int d, int w = warpSize) {      \
    return F(0xffffffffu, v, 2, d, ((32 - w) << 8) | 31);                               \
  }                                                                        \
  __LOCKSTEP_D T __shfl_xor(T v, int l, int w = warpSize) {                \
    return F(0xffffffffu, v, 3, l, ((32 - w) << 8) | 31);                               \
  }
__LOCKSTEP_SHFL(int, lockstep_cuda_warp_shfl_int)
__LOCKSTEP_SHFL(unsigned int, lockstep_cuda_warp_shfl_uint)
__LOCKSTEP_SHFL(long, lockstep_cuda_warp_shfl_longlong)
__LOCKSTEP_SHFL(unsigned long, lockstep_cuda_warp_shfl_ulonglong)
__LOCKSTEP_SHFL(long long, lockstep_cuda_warp_shfl_longlong)
__LOCKSTEP_SHFL(unsigned long long, lockstep_cuda_warp_shfl_ulonglong)
__LOCKSTEP_SHFL(float, lockstep_cuda_warp_shfl_float)
__LOCKSTEP_SHFL(double, lockstep_cuda_warp_shfl_double)
#undef __LOCKSTEP_SHFL

__LOCKSTEP_D unsigned int __activemask(void) {
  return lockstep_cuda_warp_uint();
}
__LOCKSTEP_D unsigned int __ballot_sync(unsigned int m, int p) {
  return lockstep_cuda_warp_ballot(m, p);
}
__LOCKSTEP_D int __all_sync(unsigned int m, int p) {
  return lockstep_cuda_warp_all(m, p);
}
__LOCKSTEP_D int __any_sync(unsigned int m, int p) {
  return lockstep_cuda_warp_any(m, p);
}
__LOCKSTEP_D int __uni_sync(unsigned int m, int p) {
  return lockstep_cuda_warp_uni(m, p);
}
__LOCKSTEP_D unsigned int __ballot(int p) {
  return lockstep_cuda_warp_ballot(0xffffffffu, p);
}
__LOCKSTEP_D int __all(int p) { return lockstep_cuda_warp_all(0xffffffffu, p); }
__LOCKSTEP_D int __any(int p) { return lockstep_cuda_warp_any(0xffffffffu, p); }
#define __LOCKSTEP_MATCH(T)                                                  \
  __LOCKSTEP_D unsigned int __match_any_sync(unsigned int m, T v) {         \
    return lockstep_cuda_warp_uint();                                       \
  }                                                                         \
  __LOCKSTEP_D unsigned int __match_all_sync(unsigned int m, T v, int *p) { \
    *p = lockstep_cuda_warp_int();                                          \
    return lockstep_cuda_warp_uint();                                       \
  }
__LOCKSTEP_MATCH(int)
__LOCKSTEP_MATCH(unsigned int)
__LOCKSTEP_MATCH(long long)
__LOCKSTEP_MATCH(unsigned long long)
__LOCKSTEP_MATCH(float)
__LOCKSTEP_MATCH(double)
#undef __LOCKSTEP_MATCH
/* A warp reduction passes its operation: 0 add, 1 min, 2 max, 3 and, 4 or, 5 xor. */
#define __LOCKSTEP_REDUCE(NAME, T, F, OP)                                    \
  __LOCKSTEP_D T NAME(unsigned int m, T v) { return F(m, v, OP); }
__LOCKSTEP_REDUCE(__reduce_add_sync, int, lockstep_cuda_warp_reduce_int, 0)
__LOCKSTEP_REDUCE(__reduce_add_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 0)
__LOCKSTEP_REDUCE(__reduce_min_sync, int, lockstep_cuda_warp_reduce_int, 1)
__LOCKSTEP_REDUCE(__reduce_min_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 1)
__LOCKSTEP_REDUCE(__reduce_max_sync, int, lockstep_cuda_warp_reduce_int, 2)
__LOCKSTEP_REDUCE(__reduce_max_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 2)
__LOCKSTEP_REDUCE(__reduce_and_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 3)
__LOCKSTEP_REDUCE(__reduce_or_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 4)
__LOCKSTEP_REDUCE(__reduce_xor_sync, unsigned int, lockstep_cuda_warp_reduce_uint, 5)
#undef __LOCKSTEP_REDUCE

#endif /* LOCKSTEP_CUDA_WARP_H */
