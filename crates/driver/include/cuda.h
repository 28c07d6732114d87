/*
 * cuda.h -- lockstep's own minimal CUDA device header.
 *
 * Force-included (clang -include) into every CUDA source that lockstep
 * compiles with `--cuda-device-only -nocudainc -nocudalib`. Kernels may
 * also `#include "cuda.h"` or `#include <cuda.h>` themselves: the include
 * guard makes that harmless.
 *
 * What the verifier sees after inlining:
 *   - built-in variables read the NVPTX special registers
 *     (`llvm.nvvm.read.ptx.sreg.{tid,ctaid,ntid,nctaid}.{x,y,z}`);
 *   - `__syncthreads()` is clang's builtin (`llvm.nvvm.barrier0`), the
 *     fences are `llvm.nvvm.membar.{cta,gl,sys}`;
 *   - atomics are clang's atomic builtins (`atomicrmw` / `cmpxchg`);
 *   - math functions are `const` C declarations (LLVM `memory(none)`);
 *     min/max/abs are clang elementwise builtins (`llvm.smin` etc.);
 *   - texture fetches are `const` declarations (textures are read-only);
 *   - everything else that has no device semantics here (curand) is a
 *     declaration without a body, which the lifter reports as unsupported.
 */
#ifndef LOCKSTEP_CUDA_H
#define LOCKSTEP_CUDA_H

/* ---- Execution spaces and qualifiers ---------------------------------- */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __inline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __align__(n) __attribute__((aligned(n)))
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __LOCKSTEP_HD static __host__ __device__ __forceinline__
#define __LOCKSTEP_D static __device__ __forceinline__

typedef __SIZE_TYPE__ size_t;
typedef __PTRDIFF_TYPE__ ptrdiff_t;
/* Short names the CUDA runtime headers bring in from <sys/types.h>. */
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
#ifndef NULL
#define NULL __null
#endif

/* ---- Vector types ------------------------------------------------------ */
#define __LOCKSTEP_VEC(T, N, A2, A4)                                        \
  struct N##1 { T x; };                                                     \
  struct __align__(A2) N##2 { T x, y; };                                    \
  struct N##3 { T x, y, z; };                                               \
  struct __align__(A4) N##4 { T x, y, z, w; };                              \
  __LOCKSTEP_HD N##1 make_##N##1(T x) { N##1 v; v.x = x; return v; }        \
  __LOCKSTEP_HD N##2 make_##N##2(T x, T y) {                                \
    N##2 v; v.x = x; v.y = y; return v;                                     \
  }                                                                         \
  __LOCKSTEP_HD N##3 make_##N##3(T x, T y, T z) {                           \
    N##3 v; v.x = x; v.y = y; v.z = z; return v;                            \
  }                                                                         \
  __LOCKSTEP_HD N##4 make_##N##4(T x, T y, T z, T w) {                      \
    N##4 v; v.x = x; v.y = y; v.z = z; v.w = w; return v;                   \
  }

__LOCKSTEP_VEC(signed char, char, 2, 4)
__LOCKSTEP_VEC(unsigned char, uchar, 2, 4)
__LOCKSTEP_VEC(short, short, 4, 8)
__LOCKSTEP_VEC(unsigned short, ushort, 4, 8)
__LOCKSTEP_VEC(int, int, 8, 16)
__LOCKSTEP_VEC(unsigned int, uint, 8, 16)
__LOCKSTEP_VEC(long, long, 2 * sizeof(long), 16)
__LOCKSTEP_VEC(unsigned long, ulong, 2 * sizeof(long), 16)
__LOCKSTEP_VEC(long long, longlong, 16, 16)
__LOCKSTEP_VEC(unsigned long long, ulonglong, 16, 16)
__LOCKSTEP_VEC(float, float, 8, 16)
__LOCKSTEP_VEC(double, double, 16, 16)
#undef __LOCKSTEP_VEC

struct dim3 {
  unsigned int x, y, z;
  __host__ __device__ dim3(unsigned int vx = 1, unsigned int vy = 1,
                           unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  __host__ __device__ dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  __host__ __device__ operator uint3() const {
    uint3 v = {x, y, z};
    return v;
  }
};

/* ---- Built-in variables ------------------------------------------------ */
#define __LOCKSTEP_SREG(T, REG)                                             \
  struct T {                                                                \
    __declspec(property(get = __get_x)) unsigned int x;                     \
    __declspec(property(get = __get_y)) unsigned int y;                     \
    __declspec(property(get = __get_z)) unsigned int z;                     \
    static __device__ __forceinline__ unsigned int __get_x(void) {          \
      return __nvvm_read_ptx_sreg_##REG##_x();                              \
    }                                                                       \
    static __device__ __forceinline__ unsigned int __get_y(void) {          \
      return __nvvm_read_ptx_sreg_##REG##_y();                              \
    }                                                                       \
    static __device__ __forceinline__ unsigned int __get_z(void) {          \
      return __nvvm_read_ptx_sreg_##REG##_z();                              \
    }                                                                       \
    __device__ __forceinline__ operator uint3() const {                     \
      uint3 v = {__get_x(), __get_y(), __get_z()};                          \
      return v;                                                             \
    }                                                                       \
    __device__ __forceinline__ operator dim3() const {                      \
      return dim3(__get_x(), __get_y(), __get_z());                         \
    }                                                                       \
  };

__LOCKSTEP_SREG(__lockstep_threadIdx_t, tid)
__LOCKSTEP_SREG(__lockstep_blockIdx_t, ctaid)
__LOCKSTEP_SREG(__lockstep_blockDim_t, ntid)
__LOCKSTEP_SREG(__lockstep_gridDim_t, nctaid)
#undef __LOCKSTEP_SREG

extern const __device__ __lockstep_threadIdx_t threadIdx;
extern const __device__ __lockstep_blockIdx_t blockIdx;
extern const __device__ __lockstep_blockDim_t blockDim;
extern const __device__ __lockstep_gridDim_t gridDim;
static __device__ const int warpSize = 32;

/* ---- Barriers and fences ----------------------------------------------- */
/* __syncthreads() is a clang builtin: llvm.nvvm.barrier0. */
__LOCKSTEP_D int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__LOCKSTEP_D int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__LOCKSTEP_D int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__LOCKSTEP_D void __syncwarp(unsigned int mask = 0xffffffffu) {
  __nvvm_bar_warp_sync(mask);
}
__LOCKSTEP_D void __threadfence_block(void) { __nvvm_membar_cta(); }
__LOCKSTEP_D void __threadfence(void) { __nvvm_membar_gl(); }
__LOCKSTEP_D void __threadfence_system(void) { __nvvm_membar_sys(); }

/* ---- Atomics (relaxed, like CUDA's) ------------------------------------ */
#define __LOCKSTEP_RMW(NAME, BUILTIN, T)                                    \
  __LOCKSTEP_D T NAME(T *p, T v) {                                          \
    return BUILTIN(p, v, __ATOMIC_RELAXED);                                 \
  }
#define __LOCKSTEP_RMW_INTS(NAME, BUILTIN)                                  \
  __LOCKSTEP_RMW(NAME, BUILTIN, int)                                        \
  __LOCKSTEP_RMW(NAME, BUILTIN, unsigned int)                               \
  __LOCKSTEP_RMW(NAME, BUILTIN, long long)                                  \
  __LOCKSTEP_RMW(NAME, BUILTIN, unsigned long long)

__LOCKSTEP_RMW_INTS(atomicAdd, __atomic_fetch_add)
__LOCKSTEP_RMW(atomicAdd, __atomic_fetch_add, float)
__LOCKSTEP_RMW(atomicAdd, __atomic_fetch_add, double)
__LOCKSTEP_RMW_INTS(atomicSub, __atomic_fetch_sub)
__LOCKSTEP_RMW_INTS(atomicMin, __atomic_fetch_min)
__LOCKSTEP_RMW_INTS(atomicMax, __atomic_fetch_max)
__LOCKSTEP_RMW_INTS(atomicAnd, __atomic_fetch_and)
__LOCKSTEP_RMW_INTS(atomicOr, __atomic_fetch_or)
__LOCKSTEP_RMW_INTS(atomicXor, __atomic_fetch_xor)
__LOCKSTEP_RMW_INTS(atomicExch, __atomic_exchange_n)
#undef __LOCKSTEP_RMW_INTS
#undef __LOCKSTEP_RMW

__LOCKSTEP_D float atomicExch(float *p, float v) {
  return __nvvm_bitcast_i2f(__atomic_exchange_n(
      (int *)p, __nvvm_bitcast_f2i(v), __ATOMIC_RELAXED));
}
__LOCKSTEP_D unsigned int atomicInc(unsigned int *p, unsigned int v) {
  return __nvvm_atom_inc_gen_ui(p, v);
}
__LOCKSTEP_D unsigned int atomicDec(unsigned int *p, unsigned int v) {
  return __nvvm_atom_dec_gen_ui(p, v);
}
#define __LOCKSTEP_CAS(T)                                                   \
  __LOCKSTEP_D T atomicCAS(T *p, T expected, T desired) {                   \
    return __sync_val_compare_and_swap(p, expected, desired);               \
  }
__LOCKSTEP_CAS(int)
__LOCKSTEP_CAS(unsigned int)
__LOCKSTEP_CAS(unsigned long long)
#undef __LOCKSTEP_CAS

/* ---- Integer intrinsics ------------------------------------------------ */
__LOCKSTEP_D int __mul24(int x, int y) {
  return ((int)((unsigned int)x << 8) >> 8) *
         ((int)((unsigned int)y << 8) >> 8);
}
__LOCKSTEP_D unsigned int __umul24(unsigned int x, unsigned int y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
__LOCKSTEP_D int __popc(unsigned int x) { return __builtin_popcount(x); }
__LOCKSTEP_D int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
__LOCKSTEP_D int __clz(int x) { return __builtin_clzg((unsigned int)x, 32); }
__LOCKSTEP_D int __ffs(int x) { return __builtin_ffs(x); }
__LOCKSTEP_D unsigned int __brev(unsigned int x) {
  return __builtin_bitreverse32(x);
}

/* ---- min / max / abs ---------------------------------------------------- */
#define __LOCKSTEP_MINMAX(T)                                                \
  __LOCKSTEP_HD T min(T a, T b) { return __builtin_elementwise_min(a, b); } \
  __LOCKSTEP_HD T max(T a, T b) { return __builtin_elementwise_max(a, b); }
__LOCKSTEP_MINMAX(int)
__LOCKSTEP_MINMAX(unsigned int)
__LOCKSTEP_MINMAX(long long)
__LOCKSTEP_MINMAX(unsigned long long)
__LOCKSTEP_MINMAX(float)
__LOCKSTEP_MINMAX(double)
#undef __LOCKSTEP_MINMAX
__LOCKSTEP_HD int abs(int x) { return __builtin_elementwise_abs(x); }
__LOCKSTEP_HD long long llabs(long long x) {
  return __builtin_elementwise_abs(x);
}

/* ---- Math: C declarations, pure, plus float overloads for C++ names ---- */
#define __LOCKSTEP_MATH1(F)                                                 \
  extern "C" __host__ __device__ __attribute__((const)) double F(double);   \
  extern "C" __host__ __device__ __attribute__((const)) float F##f(float);  \
  __LOCKSTEP_HD float F(float x) { return F##f(x); }
#define __LOCKSTEP_MATH2(F)                                                 \
  extern "C" __host__ __device__ __attribute__((const)) double F(double,    \
                                                                 double);   \
  extern "C" __host__ __device__ __attribute__((const)) float F##f(float,   \
                                                                   float);  \
  __LOCKSTEP_HD float F(float x, float y) { return F##f(x, y); }

__LOCKSTEP_MATH1(sqrt) __LOCKSTEP_MATH1(rsqrt) __LOCKSTEP_MATH1(cbrt)
__LOCKSTEP_MATH1(exp) __LOCKSTEP_MATH1(exp2) __LOCKSTEP_MATH1(exp10)
__LOCKSTEP_MATH1(expm1) __LOCKSTEP_MATH1(log) __LOCKSTEP_MATH1(log2)
__LOCKSTEP_MATH1(log10) __LOCKSTEP_MATH1(log1p)
__LOCKSTEP_MATH1(sin) __LOCKSTEP_MATH1(cos) __LOCKSTEP_MATH1(tan)
__LOCKSTEP_MATH1(asin) __LOCKSTEP_MATH1(acos) __LOCKSTEP_MATH1(atan)
__LOCKSTEP_MATH1(sinh) __LOCKSTEP_MATH1(cosh) __LOCKSTEP_MATH1(tanh)
__LOCKSTEP_MATH1(fabs) __LOCKSTEP_MATH1(floor) __LOCKSTEP_MATH1(ceil)
__LOCKSTEP_MATH1(round) __LOCKSTEP_MATH1(trunc) __LOCKSTEP_MATH1(rint)
__LOCKSTEP_MATH1(erf) __LOCKSTEP_MATH1(erfc)
__LOCKSTEP_MATH2(pow) __LOCKSTEP_MATH2(fmod) __LOCKSTEP_MATH2(atan2)
__LOCKSTEP_MATH2(fmin) __LOCKSTEP_MATH2(fmax) __LOCKSTEP_MATH2(hypot)
__LOCKSTEP_MATH2(copysign) __LOCKSTEP_MATH2(fdim)
#undef __LOCKSTEP_MATH1
#undef __LOCKSTEP_MATH2
extern "C" __host__ __device__ __attribute__((const)) float fmaf(float, float,
                                                                 float);
extern "C" __host__ __device__ __attribute__((const)) double fma(double, double,
                                                                 double);
__LOCKSTEP_D float __fdividef(float x, float y) { return x / y; }
__LOCKSTEP_D float __expf(float x) { return expf(x); }
__LOCKSTEP_D float __logf(float x) { return logf(x); }
__LOCKSTEP_D float __sinf(float x) { return sinf(x); }
__LOCKSTEP_D float __cosf(float x) { return cosf(x); }
__LOCKSTEP_D float __powf(float x, float y) { return powf(x, y); }
__LOCKSTEP_D int __float2int_rn(float x) { return (int)rintf(x); }
__LOCKSTEP_D int __float2int_rz(float x) { return (int)x; }
__LOCKSTEP_D int __float_as_int(float x) { return __nvvm_bitcast_f2i(x); }
__LOCKSTEP_D float __int_as_float(int x) { return __nvvm_bitcast_i2f(x); }

/* ---- Memory functions (clang builtins: llvm.memcpy / llvm.memset) ------ */
extern "C" __host__ __device__ void *memcpy(void *, const void *, size_t);
extern "C" __host__ __device__ void *memset(void *, int, size_t);

/* ---- Declarations without device semantics here ------------------------ */
/* Grid-wide synchronisation and thread-block groups. */
extern "C" __device__ void __lockstep_grid_sync(void);
namespace cooperative_groups {
struct thread_block {
  __device__ __forceinline__ void sync() const { __syncthreads(); }
};
struct grid_group {
  __device__ __forceinline__ void sync() const { __lockstep_grid_sync(); }
};
__LOCKSTEP_D thread_block this_thread_block(void) { return thread_block(); }
__LOCKSTEP_D grid_group this_grid(void) { return grid_group(); }
__LOCKSTEP_D void synchronize(const thread_block &g) { g.sync(); }
__LOCKSTEP_D void synchronize(const grid_group &g) { g.sync(); }
} // namespace cooperative_groups

/* cuRAND: opaque states and external generator functions. */
struct curandStateXORWOW { unsigned int __lockstep_state[12]; };
struct curandStateMtgp32 { unsigned int __lockstep_state[1040]; };
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStateMtgp32 curandStateMtgp32_t;
extern "C" __device__ void curand_init(unsigned long long seed,
                                       unsigned long long subsequence,
                                       unsigned long long offset,
                                       curandState_t *state);
__device__ unsigned int curand(curandState_t *state);
__device__ unsigned int curand(curandStateMtgp32_t *state);
__device__ float curand_uniform(curandState_t *state);
__device__ float curand_uniform(curandStateMtgp32_t *state);
__device__ float curand_normal(curandState_t *state);
__device__ float curand_normal(curandStateMtgp32_t *state);

/* Textures: a device-builtin handle type and external fetch functions. */
enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};
template <class T, int dim = 1,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture {
  unsigned long long __lockstep_handle;
};
/* A texture does not change while a kernel runs: a fetch is a pure function of the
   texture and the coordinates (an uninterpreted function to the verifier). */
template <class T, enum cudaTextureReadMode mode>
__device__ __attribute__((const)) T tex1Dfetch(texture<T, 1, mode> t, int x);
template <class T, enum cudaTextureReadMode mode>
__device__ __attribute__((const)) T tex1D(texture<T, 1, mode> t, float x);
template <class T, enum cudaTextureReadMode mode>
__device__ __attribute__((const)) T tex2D(texture<T, 2, mode> t, float x, float y);

#undef __LOCKSTEP_HD
#undef __LOCKSTEP_D

#endif /* LOCKSTEP_CUDA_H */
