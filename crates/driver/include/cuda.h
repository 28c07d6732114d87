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
 *   - texture fetches are `const` declarations (textures are read-only),
 *     in cuda_textures.h;
 *   - warp shuffles and votes return an arbitrary value per thread and call
 *     (bodiless `lockstep_cuda_warp_*` functions, read as the user's own
 *     prototypes); __syncwarp() is a fence that orders nothing;
 *   - helper_math.h-style vector operators are in cuda_vector_math.h,
 *     cooperative groups in cuda_groups.h;
 *   - everything else that has no device semantics here (curand) is a
 *     declaration without a body, which the lifter reports as unsupported.
 */
#ifndef LOCKSTEP_CUDA_H
#define LOCKSTEP_CUDA_H

/* The toolkit this header stands for: nvcc's macros, CUDA 11.8. */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 11080
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 11080
#endif

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
/* Device-side printf (clang lowers it to vprintf: no effect on memory, an arbitrary
 * result), assert (a failed one is `__assertfail`: an assertion failure) and the clock
 * functions, which nvcc offers without an include. Host/device overloads of <stdio.h>'s,
 * <assert.h>'s and <time.h>'s. */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ int printf(const char *, ...);
__device__ void __assertfail(const char *, const char *, unsigned int, const char *, size_t);
/* The cycle counters: an arbitrary value per call and thread (bodiless prototypes). */
__device__ long long int clock64(void);
__device__ long clock(void);
static __device__ __forceinline__ void __assert_fail(const char *m, const char *f,
                                                     unsigned int l, const char *fn) {
  __assertfail(m, f, l, fn, sizeof(char));
}
}
#ifndef assert
#define assert(e) ((e) ? (void)0 : __assert_fail(#e, __FILE__, __LINE__, __func__))
#endif

__LOCKSTEP_D int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__LOCKSTEP_D int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__LOCKSTEP_D int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
/* __syncwarp() orders memory only within a warp. lockstep has no model of warps
   outside --warp-sync (which already runs a warp in lock-step), so it is taken as a
   fence that orders nothing between threads: sound, and a kernel that needs it to
   order accesses between the lanes of a warp is reported (use --warp-sync). */
__LOCKSTEP_D void __syncwarp(unsigned int mask = 0xffffffffu) {
  (void)mask;
  __nvvm_membar_cta();
}
__LOCKSTEP_D void __threadfence_block(void) { __nvvm_membar_cta(); }
__LOCKSTEP_D void __threadfence(void) { __nvvm_membar_gl(); }
__LOCKSTEP_D void __threadfence_system(void) { __nvvm_membar_sys(); }

/* ---- Warp shuffles and votes (arbitrary values) ----------------------- */
#include "cuda_warp.h"

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
/* Bit counts and reversals in plain bit-vector arithmetic rather than clang's
   builtins (llvm.ctpop etc., which the verifier reads as uninterpreted), so that
   an index computed with them is exact. `optnone` (and so `noinline`) keeps
   clang's optimiser from turning the idioms back into those intrinsics at -O1
   and above; lockstep drops both attributes and inlines the functions itself. */
#define __LOCKSTEP_EXACT static __device__ __attribute__((noinline, optnone))
__LOCKSTEP_EXACT int __popc(unsigned int x) {
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  x = (x + (x >> 4)) & 0x0f0f0f0fu;
  return (int)((x * 0x01010101u) >> 24);
}
__LOCKSTEP_EXACT int __popcll(unsigned long long x) {
  return __popc((unsigned int)x) + __popc((unsigned int)(x >> 32));
}
__LOCKSTEP_EXACT int __clz(int v) {
  unsigned int x = (unsigned int)v;
  x |= x >> 1;
  x |= x >> 2;
  x |= x >> 4;
  x |= x >> 8;
  x |= x >> 16;
  return 32 - __popc(x);
}
__LOCKSTEP_EXACT int __clzll(long long v) {
  unsigned int hi = (unsigned int)((unsigned long long)v >> 32);
  return hi != 0 ? __clz((int)hi) : 32 + __clz((int)v);
}
__LOCKSTEP_EXACT int __ffs(int v) {
  unsigned int x = (unsigned int)v;
  return x == 0 ? 0 : __popc((x & (0u - x)) - 1u) + 1;
}
__LOCKSTEP_EXACT int __ffsll(long long v) {
  unsigned long long x = (unsigned long long)v;
  return x == 0 ? 0 : __popcll((x & (0ull - x)) - 1ull) + 1;
}
__LOCKSTEP_EXACT unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
  return (x >> 16) | (x << 16);
}
__LOCKSTEP_EXACT unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev((unsigned int)x) << 32) |
         __brev((unsigned int)(x >> 32));
}
__LOCKSTEP_D int __mulhi(int x, int y) {
  return (int)(((long long)x * (long long)y) >> 32);
}
__LOCKSTEP_D unsigned int __umulhi(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x * y) >> 32);
}
/* 128-bit products are beyond the verifier's integers: uninterpreted. */
extern "C" __device__ __attribute__((const)) long long __mul64hi(long long,
                                                                 long long);
extern "C" __device__ __attribute__((const)) unsigned long long
__umul64hi(unsigned long long, unsigned long long);
__LOCKSTEP_D int __hadd(int x, int y) {
  return (int)(((long long)x + y) >> 1);
}
__LOCKSTEP_D int __rhadd(int x, int y) {
  return (int)(((long long)x + y + 1) >> 1);
}
__LOCKSTEP_D unsigned int __uhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y) >> 1);
}
__LOCKSTEP_D unsigned int __urhadd(unsigned int x, unsigned int y) {
  return (unsigned int)(((unsigned long long)x + y + 1) >> 1);
}
__LOCKSTEP_D unsigned int __sad(int x, int y, unsigned int z) {
  return (x > y ? (unsigned int)x - (unsigned int)y
                : (unsigned int)y - (unsigned int)x) + z;
}
__LOCKSTEP_D unsigned int __usad(unsigned int x, unsigned int y,
                                 unsigned int z) {
  return (x > y ? x - y : y - x) + z;
}
__LOCKSTEP_D unsigned int __funnelshift_l(unsigned int lo, unsigned int hi,
                                          unsigned int s) {
  return (unsigned int)((((unsigned long long)hi << 32) | lo) << (s & 31) >> 32);
}
__LOCKSTEP_D unsigned int __funnelshift_r(unsigned int lo, unsigned int hi,
                                          unsigned int s) {
  return (unsigned int)((((unsigned long long)hi << 32) | lo) >> (s & 31));
}
__LOCKSTEP_D unsigned int __byte_perm(unsigned int x, unsigned int y,
                                      unsigned int s) {
  unsigned long long b = ((unsigned long long)y << 32) | x, r = 0;
  for (int i = 0; i < 4; ++i)
    r |= ((b >> (((s >> (4 * i)) & 7) * 8)) & 0xff) << (8 * i);
  return (unsigned int)r;
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
__LOCKSTEP_MATH1(erf) __LOCKSTEP_MATH1(erfc) __LOCKSTEP_MATH1(erfinv)
__LOCKSTEP_MATH1(erfcinv) __LOCKSTEP_MATH1(asinh) __LOCKSTEP_MATH1(acosh)
__LOCKSTEP_MATH1(atanh) __LOCKSTEP_MATH1(lgamma) __LOCKSTEP_MATH1(tgamma)
__LOCKSTEP_MATH1(normcdf) __LOCKSTEP_MATH1(normcdfinv) __LOCKSTEP_MATH1(rcbrt)
__LOCKSTEP_MATH1(sinpi) __LOCKSTEP_MATH1(cospi) __LOCKSTEP_MATH1(logb)
__LOCKSTEP_MATH1(nearbyint)
__LOCKSTEP_MATH2(pow) __LOCKSTEP_MATH2(fmod) __LOCKSTEP_MATH2(atan2)
__LOCKSTEP_MATH2(fmin) __LOCKSTEP_MATH2(fmax) __LOCKSTEP_MATH2(hypot)
__LOCKSTEP_MATH2(copysign) __LOCKSTEP_MATH2(fdim)
__LOCKSTEP_MATH2(remainder) __LOCKSTEP_MATH2(nextafter)
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
__LOCKSTEP_D float __int2float_rn(int x) { return (float)x; }
__LOCKSTEP_D float __uint2float_rn(unsigned int x) { return (float)x; }
__LOCKSTEP_D unsigned int __float2uint_rn(float x) {
  return (unsigned int)rintf(x);
}
__LOCKSTEP_D unsigned int __float2uint_rz(float x) { return (unsigned int)x; }
__LOCKSTEP_D int __float2int_rd(float x) { return (int)floorf(x); }
__LOCKSTEP_D int __float2int_ru(float x) { return (int)ceilf(x); }
__LOCKSTEP_D long long __float2ll_rn(float x) { return (long long)rintf(x); }
__LOCKSTEP_D long long __float2ll_rz(float x) { return (long long)x; }
__LOCKSTEP_D int __double2int_rn(double x) { return (int)rint(x); }
__LOCKSTEP_D int __double2int_rz(double x) { return (int)x; }
__LOCKSTEP_D float __double2float_rn(double x) { return (float)x; }
__LOCKSTEP_D unsigned int __float_as_uint(float x) {
  return (unsigned int)__nvvm_bitcast_f2i(x);
}
__LOCKSTEP_D float __uint_as_float(unsigned int x) {
  return __nvvm_bitcast_i2f((int)x);
}
__LOCKSTEP_D long long __double_as_longlong(double x) {
  return __nvvm_bitcast_d2ll(x);
}
__LOCKSTEP_D double __longlong_as_double(long long x) {
  return __nvvm_bitcast_ll2d(x);
}
__LOCKSTEP_D int __double2hiint(double x) {
  return (int)(__nvvm_bitcast_d2ll(x) >> 32);
}
__LOCKSTEP_D int __double2loint(double x) { return (int)__nvvm_bitcast_d2ll(x); }
__LOCKSTEP_D double __hiloint2double(int hi, int lo) {
  return __nvvm_bitcast_ll2d((long long)(((unsigned long long)(unsigned int)hi
                                          << 32) |
                                         (unsigned int)lo));
}

/* Fast-math and correctly rounded float intrinsics. Round-to-nearest ones are
   the plain operations; the other rounding modes are pure functions of their
   arguments (uninterpreted). */
__LOCKSTEP_D float __saturatef(float x) {
  return x >= 1.0f ? 1.0f : (x > 0.0f ? x : 0.0f); /* NaN gives 0 */
}
__LOCKSTEP_D float __exp10f(float x) { return exp10f(x); }
__LOCKSTEP_D float __log2f(float x) { return log2f(x); }
__LOCKSTEP_D float __log10f(float x) { return log10f(x); }
__LOCKSTEP_D float __tanf(float x) { return tanf(x); }
__LOCKSTEP_D float __frcp_rn(float x) { return 1.0f / x; }
__LOCKSTEP_D float __fsqrt_rn(float x) { return sqrtf(x); }
__LOCKSTEP_D float __frsqrt_rn(float x) { return rsqrtf(x); }
__LOCKSTEP_D float __fadd_rn(float x, float y) { return x + y; }
__LOCKSTEP_D float __fsub_rn(float x, float y) { return x - y; }
__LOCKSTEP_D float __fmul_rn(float x, float y) { return x * y; }
__LOCKSTEP_D float __fdiv_rn(float x, float y) { return x / y; }
__LOCKSTEP_D float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
__LOCKSTEP_D double __dadd_rn(double x, double y) { return x + y; }
__LOCKSTEP_D double __dsub_rn(double x, double y) { return x - y; }
__LOCKSTEP_D double __dmul_rn(double x, double y) { return x * y; }
__LOCKSTEP_D double __ddiv_rn(double x, double y) { return x / y; }
__LOCKSTEP_D double __drcp_rn(double x) { return 1.0 / x; }
__LOCKSTEP_D double __dsqrt_rn(double x) { return sqrt(x); }
__LOCKSTEP_D double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
#define __LOCKSTEP_ROUNDED(T, OP)                                           \
  extern "C" __device__ __attribute__((const)) T OP##_rz(T, T);             \
  extern "C" __device__ __attribute__((const)) T OP##_ru(T, T);             \
  extern "C" __device__ __attribute__((const)) T OP##_rd(T, T);
__LOCKSTEP_ROUNDED(float, __fadd) __LOCKSTEP_ROUNDED(float, __fsub)
__LOCKSTEP_ROUNDED(float, __fmul) __LOCKSTEP_ROUNDED(float, __fdiv)
__LOCKSTEP_ROUNDED(double, __dadd) __LOCKSTEP_ROUNDED(double, __dsub)
__LOCKSTEP_ROUNDED(double, __dmul) __LOCKSTEP_ROUNDED(double, __ddiv)
#undef __LOCKSTEP_ROUNDED

/* Functions with outputs through pointers: each output is a pure function of
   the inputs, written through the pointer (a read-write of the caller's
   memory like any store). */
extern "C" __host__ __device__ __attribute__((const)) int
__ls_cuda_frexp_exponent(double);
extern "C" __host__ __device__ __attribute__((const)) float
__ls_cuda_modf_integral_f(float);
extern "C" __host__ __device__ __attribute__((const)) int
__ls_cuda_remquo_quotient(double, double);
extern "C" __host__ __device__ __attribute__((const)) float
__ls_cuda_frexp_mantissa_f(float);
extern "C" __host__ __device__ __attribute__((const)) double
__ls_cuda_frexp_mantissa(double);
__LOCKSTEP_HD void sincosf(float x, float *s, float *c) {
  *s = sinf(x);
  *c = cosf(x);
}
__LOCKSTEP_HD void sincos(double x, double *s, double *c) {
  *s = sin(x);
  *c = cos(x);
}
__LOCKSTEP_HD void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
__LOCKSTEP_D void __sincosf(float x, float *s, float *c) { sincosf(x, s, c); }
__LOCKSTEP_HD void sincospif(float x, float *s, float *c) {
  *s = sinpif(x);
  *c = cospif(x);
}
__LOCKSTEP_HD float frexpf(float x, int *e) {
  *e = __ls_cuda_frexp_exponent(x);
  return __ls_cuda_frexp_mantissa_f(x);
}
__LOCKSTEP_HD double frexp(double x, int *e) {
  *e = __ls_cuda_frexp_exponent(x);
  return __ls_cuda_frexp_mantissa(x);
}
__LOCKSTEP_HD float frexp(float x, int *e) { return frexpf(x, e); }
__LOCKSTEP_HD float modff(float x, float *i) {
  float whole = __ls_cuda_modf_integral_f(x);
  *i = whole;
  return x - whole;
}
__LOCKSTEP_HD float remquof(float x, float y, int *q) {
  *q = __ls_cuda_remquo_quotient(x, y);
  return remainderf(x, y);
}
extern "C" __host__ __device__ __attribute__((const)) float ldexpf(float, int);
extern "C" __host__ __device__ __attribute__((const)) double ldexp(double, int);
extern "C" __host__ __device__ __attribute__((const)) float scalbnf(float, int);
extern "C" __host__ __device__ __attribute__((const)) int ilogbf(float);
extern "C" __host__ __device__ __attribute__((const)) long lrintf(float);
extern "C" __host__ __device__ __attribute__((const)) long lroundf(float);
extern "C" __host__ __device__ __attribute__((const)) long long llrintf(float);
extern "C" __host__ __device__ __attribute__((const)) long long llroundf(float);
__LOCKSTEP_HD float ldexp(float x, int e) { return ldexpf(x, e); }
#define __LOCKSTEP_CLASSIFY(F, B)                                           \
  __LOCKSTEP_HD bool F(float x) { return B(x); }                            \
  __LOCKSTEP_HD bool F(double x) { return B(x); }
__LOCKSTEP_CLASSIFY(isnan, __builtin_isnan)
__LOCKSTEP_CLASSIFY(isinf, __builtin_isinf)
__LOCKSTEP_CLASSIFY(isfinite, __builtin_isfinite)
__LOCKSTEP_CLASSIFY(signbit, __builtin_signbit)
#undef __LOCKSTEP_CLASSIFY

/* Loads through the read-only (and other) caches are plain loads. */
template <class T> __LOCKSTEP_D T __ldg(const T *p) { return *p; }
template <class T> __LOCKSTEP_D T __ldcg(const T *p) { return *p; }
template <class T> __LOCKSTEP_D T __ldca(const T *p) { return *p; }
template <class T> __LOCKSTEP_D T __ldcs(const T *p) { return *p; }
template <class T> __LOCKSTEP_D T __ldlu(const T *p) { return *p; }
template <class T> __LOCKSTEP_D T __ldcv(const T *p) { return *p; }
template <class T> __LOCKSTEP_D void __stcg(T *p, T v) { *p = v; }
template <class T> __LOCKSTEP_D void __stcs(T *p, T v) { *p = v; }
template <class T> __LOCKSTEP_D void __stwb(T *p, T v) { *p = v; }
template <class T> __LOCKSTEP_D void __stwt(T *p, T v) { *p = v; }

/* ---- helper_math.h-style vector operators and functions --------------- */
#include "cuda_vector_math.h"

/* ---- Memory functions (clang builtins: llvm.memcpy / llvm.memset) ------ */
extern "C" __host__ __device__ void *memcpy(void *, const void *, size_t);
extern "C" __host__ __device__ void *memset(void *, int, size_t);

/* ---- Declarations without device semantics here ------------------------ */
/* Grid-wide synchronisation and thread-block groups. */
#include "cuda_groups.h"

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

/* Textures (references and objects). */
#include "cuda_textures.h"

#undef __LOCKSTEP_EXACT
#undef __LOCKSTEP_HD
#undef __LOCKSTEP_D

#endif /* LOCKSTEP_CUDA_H */
