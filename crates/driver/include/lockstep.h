/*
 * lockstep.h -- the annotation language of the lockstep verifier.
 *
 * Force-included (clang -include) into every OpenCL and CUDA source that
 * lockstep compiles. Every annotation becomes a call to an unmangled
 * external function named `__lockstep_<annotation without leading
 * underscores>`, e.g. `__invariant(e)` calls `__lockstep_invariant(e)`.
 * The lifter recognises these calls by name; none of them has a body.
 *
 * Conventions of the generated calls:
 *   - predicates are passed and returned as `bool` (LLVM `i1`), so a
 *     comparison reaches the call without extra conversions;
 *   - pointers are passed as 64-bit integers (`__lockstep_addr`, LLVM
 *     `ptrtoint` of the pointer) so that one declaration accepts pointers
 *     to any type in any address space (OpenCL 1.2 has no generic pointer);
 *   - byte offsets and `__mod_pow2` are unsigned 64-bit, `__ite` values
 *     signed 64-bit (so that `size_t` work-item ids are not truncated);
 *     `__other_int`, `__old_int`, `__return_val_int` and the barrier
 *     invariants' instantiation expressions are `int`, as their names say;
 *   - loop invariants are expressions (void calls), so that they can be
 *     used with the comma operator in loop conditions:
 *     `while (__invariant(x <= 100), x < 100)`.
 *
 * Two constructs define functions instead of calling one:
 *   - a file-scope `__axiom(e)` defines `__lockstep_axiom_<N>(void)`, whose
 *     body is a call `__lockstep_axiom(e)`;
 *   - `DECLARE_UF_BINARY(f, int, int, int)` (and _UNARY, _TERNARY) declares
 *     an uninterpreted function: a pure (`const`) external `f` without body.
 */
#ifndef LOCKSTEP_H
#define LOCKSTEP_H

#if defined(__OPENCL_C_VERSION__)
#define __LOCKSTEP_FN
#define __LOCKSTEP_AXIOM_FN
#define __LOCKSTEP_BEGIN
#define __LOCKSTEP_END
typedef unsigned long __lockstep_addr;
typedef long __lockstep_long;
typedef unsigned long __lockstep_size;
#elif defined(__cplusplus)
#define __LOCKSTEP_FN __attribute__((host)) __attribute__((device))
#define __LOCKSTEP_AXIOM_FN __attribute__((device))
#define __LOCKSTEP_BEGIN extern "C" {
#define __LOCKSTEP_END }
typedef unsigned long long __lockstep_addr;
typedef long long __lockstep_long;
typedef unsigned long long __lockstep_size;
#else
#define __LOCKSTEP_FN
#define __LOCKSTEP_AXIOM_FN
#define __LOCKSTEP_BEGIN
#define __LOCKSTEP_END
typedef _Bool bool;
typedef unsigned long long __lockstep_addr;
typedef long long __lockstep_long;
typedef unsigned long long __lockstep_size;
#endif

#define __LOCKSTEP_ADDR(p) ((__lockstep_addr)(p))
#define __LOCKSTEP_CAT2(a, b) a##b
#define __LOCKSTEP_CAT(a, b) __LOCKSTEP_CAT2(a, b)

__LOCKSTEP_BEGIN

/* Assertions and assumptions. */
__LOCKSTEP_FN void __lockstep_assert(bool e);
__LOCKSTEP_FN void __lockstep_global_assert(bool e);
__LOCKSTEP_FN void __lockstep_assume(bool e);
__LOCKSTEP_FN void __lockstep_axiom(bool e);

/* Contracts. */
__LOCKSTEP_FN void __lockstep_requires(bool e);
__LOCKSTEP_FN void __lockstep_global_requires(bool e);
__LOCKSTEP_FN void __lockstep_ensures(bool e);
__LOCKSTEP_FN void __lockstep_global_ensures(bool e);
__LOCKSTEP_FN void __lockstep_requires_fresh_array(__lockstep_addr p);
__LOCKSTEP_FN void __lockstep_reads_from(__lockstep_addr p);
__LOCKSTEP_FN void __lockstep_writes_to(__lockstep_addr p);
__LOCKSTEP_FN int __lockstep_return_val_int(void);
__LOCKSTEP_FN bool __lockstep_return_val_bool(void);
__LOCKSTEP_FN __lockstep_long __lockstep_return_val_long(void);
__LOCKSTEP_FN float __lockstep_return_val_float(void);
__LOCKSTEP_FN int __lockstep_old_int(int x);
__LOCKSTEP_FN bool __lockstep_old_bool(bool x);

/* Invariants. */
__LOCKSTEP_FN void __lockstep_invariant(bool e);
__LOCKSTEP_FN void __lockstep_global_invariant(bool e);
__LOCKSTEP_FN void __lockstep_candidate_invariant(bool e);
__LOCKSTEP_FN void __lockstep_candidate_global_invariant(bool e);
__LOCKSTEP_FN void __lockstep_function_wide_invariant(bool e);

/* Logic. */
__LOCKSTEP_FN bool __lockstep_implies(bool a, bool b);
__LOCKSTEP_FN __lockstep_long __lockstep_ite(bool c, __lockstep_long a,
                                             __lockstep_long b);
__LOCKSTEP_FN bool __lockstep_enabled(void);
__LOCKSTEP_FN bool __lockstep_dominator_enabled(void);

/* Two-thread expressions. */
__LOCKSTEP_FN int __lockstep_other_int(int x);
__LOCKSTEP_FN bool __lockstep_other_bool(bool x);
__LOCKSTEP_FN bool __lockstep_uniform_int(int x);
__LOCKSTEP_FN bool __lockstep_uniform_bool(bool x);
__LOCKSTEP_FN bool __lockstep_distinct_int(int x);
__LOCKSTEP_FN bool __lockstep_all(bool x);
__LOCKSTEP_FN bool __lockstep_exclusive(bool x);
__LOCKSTEP_FN bool __lockstep_same_group(void);

/* Access-log predicates; the argument is a pointer's address. */
__LOCKSTEP_FN bool __lockstep_read(__lockstep_addr p);
__LOCKSTEP_FN bool __lockstep_write(__lockstep_addr p);
__LOCKSTEP_FN bool __lockstep_no_read(__lockstep_addr p);
__LOCKSTEP_FN bool __lockstep_no_write(__lockstep_addr p);
__LOCKSTEP_FN bool __lockstep_read_implies(__lockstep_addr p, bool e);
__LOCKSTEP_FN bool __lockstep_write_implies(__lockstep_addr p, bool e);
__LOCKSTEP_FN __lockstep_size __lockstep_read_offset_bytes(__lockstep_addr p);
__LOCKSTEP_FN __lockstep_size __lockstep_write_offset_bytes(__lockstep_addr p);
__LOCKSTEP_FN __lockstep_addr __lockstep_ptr_base(__lockstep_addr p);
__LOCKSTEP_FN __lockstep_size __lockstep_ptr_offset_bytes(__lockstep_addr p);
__LOCKSTEP_FN void __lockstep_read_permission(__lockstep_addr p,
                                              __lockstep_size bytes);
__LOCKSTEP_FN void __lockstep_array_snapshot(__lockstep_addr dst,
                                             __lockstep_addr src);
__LOCKSTEP_FN bool __lockstep_atomic_has_taken_value(__lockstep_addr p,
                                                     __lockstep_size offset,
                                                     __lockstep_long value);

/* Arithmetic helpers. */
__LOCKSTEP_FN __lockstep_size __lockstep_mod_pow2(__lockstep_size x,
                                                  __lockstep_size y);
__LOCKSTEP_FN char __lockstep_add_noovfl_char(char a, char b);
__LOCKSTEP_FN short __lockstep_add_noovfl_short(short a, short b);
__LOCKSTEP_FN int __lockstep_add_noovfl_int(int a, int b);
__LOCKSTEP_FN __lockstep_long __lockstep_add_noovfl_long(__lockstep_long a,
                                                         __lockstep_long b);
__LOCKSTEP_FN unsigned char __lockstep_add_noovfl_unsigned_char(
    unsigned char a, unsigned char b);
__LOCKSTEP_FN unsigned short __lockstep_add_noovfl_unsigned_short(
    unsigned short a, unsigned short b);
__LOCKSTEP_FN unsigned int __lockstep_add_noovfl_unsigned_int(unsigned int a,
                                                              unsigned int b);
__LOCKSTEP_FN __lockstep_size __lockstep_add_noovfl_unsigned_long(
    __lockstep_size a, __lockstep_size b);

/* Barrier invariants: the invariant, then N instantiation expressions. */
__LOCKSTEP_FN void __lockstep_barrier_invariant_1(bool e, int i1);
__LOCKSTEP_FN void __lockstep_barrier_invariant_2(bool e, int i1, int i2);
__LOCKSTEP_FN void __lockstep_barrier_invariant_3(bool e, int i1, int i2,
                                                  int i3);
__LOCKSTEP_FN void __lockstep_barrier_invariant_4(bool e, int i1, int i2,
                                                  int i3, int i4);
__LOCKSTEP_FN void __lockstep_barrier_invariant_5(bool e, int i1, int i2,
                                                  int i3, int i4, int i5);
__LOCKSTEP_FN void __lockstep_barrier_invariant_6(bool e, int i1, int i2,
                                                  int i3, int i4, int i5,
                                                  int i6);
__LOCKSTEP_FN void __lockstep_barrier_invariant_7(bool e, int i1, int i2,
                                                  int i3, int i4, int i5,
                                                  int i6, int i7);
__LOCKSTEP_FN void __lockstep_barrier_invariant_8(bool e, int i1, int i2,
                                                  int i3, int i4, int i5,
                                                  int i6, int i7, int i8);
__LOCKSTEP_FN void __lockstep_barrier_invariant_9(bool e, int i1, int i2,
                                                  int i3, int i4, int i5,
                                                  int i6, int i7, int i8,
                                                  int i9);
__LOCKSTEP_FN void __lockstep_barrier_invariant_10(bool e, int i1, int i2,
                                                   int i3, int i4, int i5,
                                                   int i6, int i7, int i8,
                                                   int i9, int i10);
__LOCKSTEP_FN void __lockstep_barrier_invariant_11(bool e, int i1, int i2,
                                                   int i3, int i4, int i5,
                                                   int i6, int i7, int i8,
                                                   int i9, int i10, int i11);
__LOCKSTEP_FN void __lockstep_barrier_invariant_12(bool e, int i1, int i2,
                                                   int i3, int i4, int i5,
                                                   int i6, int i7, int i8,
                                                   int i9, int i10, int i11,
                                                   int i12);
__LOCKSTEP_FN void __lockstep_barrier_invariant_binary_1(bool e, int a1,
                                                         int b1);
__LOCKSTEP_FN void __lockstep_barrier_invariant_binary_2(bool e, int a1,
                                                         int b1, int a2,
                                                         int b2);
__LOCKSTEP_FN void __lockstep_barrier_invariant_binary_3(bool e, int a1,
                                                         int b1, int a2,
                                                         int b2, int a3,
                                                         int b3);
__LOCKSTEP_FN void __lockstep_barrier_invariant_binary_4(bool e, int a1,
                                                         int b1, int a2,
                                                         int b2, int a3,
                                                         int b3, int a4,
                                                         int b4);

#if defined(__cplusplus)
__LOCKSTEP_FN void *__lockstep_return_val_ptr(void);
__LOCKSTEP_FN void *__lockstep_return_val_funptr(void);
#endif
#if defined(__OPENCL_C_VERSION__)
__LOCKSTEP_FN int2 __lockstep_return_val_int2(void);
__LOCKSTEP_FN int4 __lockstep_return_val_int4(void);
__LOCKSTEP_FN float2 __lockstep_return_val_float2(void);
__LOCKSTEP_FN float4 __lockstep_return_val_float4(void);
#endif

__LOCKSTEP_END

/* The annotations as users write them. `__assert` with three arguments is glibc's
 * <assert.h> declaring its own `__assert(assertion, file, line)`: that declaration is
 * renamed out of the way rather than broken. */
#define __LOCKSTEP_PICK3(a, b, c, name, ...) name
#define __assert(...) \
  __LOCKSTEP_PICK3(__VA_ARGS__, __lockstep_glibc_assert, __lockstep_glibc_assert, \
                   __lockstep_assert, )(__VA_ARGS__)
#define __global_assert(e) __lockstep_global_assert(e)
#define __assume(e) __lockstep_assume(e)
#define __requires(e) __lockstep_requires(e)
#define __global_requires(e) __lockstep_global_requires(e)
#define __ensures(e) __lockstep_ensures(e)
#define __global_ensures(e) __lockstep_global_ensures(e)
#define __requires_fresh_array(p) __lockstep_requires_fresh_array(__LOCKSTEP_ADDR(p))
#define __reads_from(p) __lockstep_reads_from(__LOCKSTEP_ADDR(p))
#define __writes_to(p) __lockstep_writes_to(__LOCKSTEP_ADDR(p))
#define __return_val_int() __lockstep_return_val_int()
#define __return_val_bool() __lockstep_return_val_bool()
#define __return_val_long() __lockstep_return_val_long()
#define __return_val_float() __lockstep_return_val_float()
#define __old_int(x) __lockstep_old_int(x)
#define __old_bool(x) __lockstep_old_bool(x)

#define __invariant(e) __lockstep_invariant(e)
#define __global_invariant(e) __lockstep_global_invariant(e)
#define __candidate_invariant(e) __lockstep_candidate_invariant(e)
#define __candidate_global_invariant(e) __lockstep_candidate_global_invariant(e)
#define __function_wide_invariant(e) __lockstep_function_wide_invariant(e)

#define __implies(a, b) __lockstep_implies((a), (b))
#define __ite(c, a, b) __lockstep_ite((c), (a), (b))
#define __enabled() __lockstep_enabled()
#define __dominator_enabled() __lockstep_dominator_enabled()

#define __other_int(x) __lockstep_other_int(x)
#define __other_bool(x) __lockstep_other_bool(x)
#define __uniform_int(x) __lockstep_uniform_int(x)
#define __uniform_bool(x) __lockstep_uniform_bool(x)
#define __distinct_int(x) __lockstep_distinct_int(x)
#define __all(x) __lockstep_all(x)
#define __exclusive(x) __lockstep_exclusive(x)
#define __same_group __lockstep_same_group()

#define __read(p) __lockstep_read(__LOCKSTEP_ADDR(p))
#define __write(p) __lockstep_write(__LOCKSTEP_ADDR(p))
#define __no_read(p) __lockstep_no_read(__LOCKSTEP_ADDR(p))
#define __no_write(p) __lockstep_no_write(__LOCKSTEP_ADDR(p))
#define __read_implies(p, e) __lockstep_read_implies(__LOCKSTEP_ADDR(p), (e))
#define __write_implies(p, e) __lockstep_write_implies(__LOCKSTEP_ADDR(p), (e))
#define __read_offset_bytes(p) __lockstep_read_offset_bytes(__LOCKSTEP_ADDR(p))
#define __write_offset_bytes(p) __lockstep_write_offset_bytes(__LOCKSTEP_ADDR(p))
#define __ptr_base(p) __lockstep_ptr_base(__LOCKSTEP_ADDR(p))
#define __ptr_offset_bytes(p) __lockstep_ptr_offset_bytes(__LOCKSTEP_ADDR(p))
#define __read_permission(type, x) \
  __lockstep_read_permission(__LOCKSTEP_ADDR(&(x)), sizeof(type))
#define __array_snapshot(dst, src) \
  __lockstep_array_snapshot(__LOCKSTEP_ADDR(dst), __LOCKSTEP_ADDR(src))
#define __atomic_has_taken_value(p, offset, value) \
  __lockstep_atomic_has_taken_value(__LOCKSTEP_ADDR(p), (offset), (value))

#define __mod_pow2(x, y) __lockstep_mod_pow2((x), (y))
/* Whether x is a power of two, or zero (as GPUVerify defines it): plain
   arithmetic, usable in any annotation, e.g. __invariant(__is_pow2(stride)). */
#define __is_pow2(x) ((((x) & ((x) - 1)) == 0))
#define __add_noovfl(a, b) __lockstep_add_noovfl_int((a), (b))
#define __add_noovfl_char(a, b) __lockstep_add_noovfl_char((a), (b))
#define __add_noovfl_short(a, b) __lockstep_add_noovfl_short((a), (b))
#define __add_noovfl_int(a, b) __lockstep_add_noovfl_int((a), (b))
#define __add_noovfl_long(a, b) __lockstep_add_noovfl_long((a), (b))
#define __add_noovfl_unsigned_char(a, b) __lockstep_add_noovfl_unsigned_char((a), (b))
#define __add_noovfl_unsigned_short(a, b) __lockstep_add_noovfl_unsigned_short((a), (b))
#define __add_noovfl_unsigned_int(a, b) __lockstep_add_noovfl_unsigned_int((a), (b))
#define __add_noovfl_unsigned_long(a, b) __lockstep_add_noovfl_unsigned_long((a), (b))

#define __barrier_invariant_1(e, ...) __lockstep_barrier_invariant_1((e), __VA_ARGS__)
#define __barrier_invariant_2(e, ...) __lockstep_barrier_invariant_2((e), __VA_ARGS__)
#define __barrier_invariant_3(e, ...) __lockstep_barrier_invariant_3((e), __VA_ARGS__)
#define __barrier_invariant_4(e, ...) __lockstep_barrier_invariant_4((e), __VA_ARGS__)
#define __barrier_invariant_5(e, ...) __lockstep_barrier_invariant_5((e), __VA_ARGS__)
#define __barrier_invariant_6(e, ...) __lockstep_barrier_invariant_6((e), __VA_ARGS__)
#define __barrier_invariant_7(e, ...) __lockstep_barrier_invariant_7((e), __VA_ARGS__)
#define __barrier_invariant_8(e, ...) __lockstep_barrier_invariant_8((e), __VA_ARGS__)
#define __barrier_invariant_9(e, ...) __lockstep_barrier_invariant_9((e), __VA_ARGS__)
#define __barrier_invariant_10(e, ...) __lockstep_barrier_invariant_10((e), __VA_ARGS__)
#define __barrier_invariant_11(e, ...) __lockstep_barrier_invariant_11((e), __VA_ARGS__)
#define __barrier_invariant_12(e, ...) __lockstep_barrier_invariant_12((e), __VA_ARGS__)
#define __barrier_invariant_binary_1(e, ...) __lockstep_barrier_invariant_binary_1((e), __VA_ARGS__)
#define __barrier_invariant_binary_2(e, ...) __lockstep_barrier_invariant_binary_2((e), __VA_ARGS__)
#define __barrier_invariant_binary_3(e, ...) __lockstep_barrier_invariant_binary_3((e), __VA_ARGS__)
#define __barrier_invariant_binary_4(e, ...) __lockstep_barrier_invariant_binary_4((e), __VA_ARGS__)

#if defined(__cplusplus)
#define __return_val_ptr() __lockstep_return_val_ptr()
#define __return_val_funptr(type) ((type)__lockstep_return_val_funptr())
#endif
#if defined(__OPENCL_C_VERSION__)
#define __return_val_int2() __lockstep_return_val_int2()
#define __return_val_int4() __lockstep_return_val_int4()
#define __return_val_float2() __lockstep_return_val_float2()
#define __return_val_float4() __lockstep_return_val_float4()
#endif

/*
 * --no-annotations (__LOCKSTEP_NO_ANNOTATIONS) ignores every annotation that states
 * something; --only-requires (__LOCKSTEP_ONLY_REQUIRES) keeps the preconditions
 * (__requires, __global_requires) only. Expression helpers (__implies, __enabled(), ...)
 * only occur inside annotations and stay defined.
 */
#if defined(__LOCKSTEP_NO_ANNOTATIONS) || defined(__LOCKSTEP_ONLY_REQUIRES)
#undef __assert
#define __LOCKSTEP_NO_ASSERT(e) ((void)0)
#define __assert(...) \
  __LOCKSTEP_PICK3(__VA_ARGS__, __lockstep_glibc_assert, __lockstep_glibc_assert, \
                   __LOCKSTEP_NO_ASSERT, )(__VA_ARGS__)
#undef __global_assert
#define __global_assert(e) ((void)0)
#undef __assume
#define __assume(e) ((void)0)
#undef __ensures
#define __ensures(e) ((void)0)
#undef __global_ensures
#define __global_ensures(e) ((void)0)
#undef __invariant
#define __invariant(e) ((void)0)
#undef __global_invariant
#define __global_invariant(e) ((void)0)
#undef __candidate_invariant
#define __candidate_invariant(e) ((void)0)
#undef __candidate_global_invariant
#define __candidate_global_invariant(e) ((void)0)
#undef __function_wide_invariant
#define __function_wide_invariant(e) ((void)0)
#undef __requires_fresh_array
#define __requires_fresh_array(p) ((void)0)
#undef __reads_from
#define __reads_from(p) ((void)0)
#undef __writes_to
#define __writes_to(p) ((void)0)
#undef __read_permission
#define __read_permission(type, x) ((void)0)
#undef __array_snapshot
#define __array_snapshot(dst, src) ((void)0)
#undef __barrier_invariant_1
#define __barrier_invariant_1(...) ((void)0)
#undef __barrier_invariant_2
#define __barrier_invariant_2(...) ((void)0)
#undef __barrier_invariant_3
#define __barrier_invariant_3(...) ((void)0)
#undef __barrier_invariant_4
#define __barrier_invariant_4(...) ((void)0)
#undef __barrier_invariant_5
#define __barrier_invariant_5(...) ((void)0)
#undef __barrier_invariant_6
#define __barrier_invariant_6(...) ((void)0)
#undef __barrier_invariant_7
#define __barrier_invariant_7(...) ((void)0)
#undef __barrier_invariant_8
#define __barrier_invariant_8(...) ((void)0)
#undef __barrier_invariant_9
#define __barrier_invariant_9(...) ((void)0)
#undef __barrier_invariant_10
#define __barrier_invariant_10(...) ((void)0)
#undef __barrier_invariant_11
#define __barrier_invariant_11(...) ((void)0)
#undef __barrier_invariant_12
#define __barrier_invariant_12(...) ((void)0)
#undef __barrier_invariant_binary_1
#define __barrier_invariant_binary_1(...) ((void)0)
#undef __barrier_invariant_binary_2
#define __barrier_invariant_binary_2(...) ((void)0)
#undef __barrier_invariant_binary_3
#define __barrier_invariant_binary_3(...) ((void)0)
#undef __barrier_invariant_binary_4
#define __barrier_invariant_binary_4(...) ((void)0)
#endif
#if defined(__LOCKSTEP_NO_ANNOTATIONS)
#undef __requires
#define __requires(e) ((void)0)
#undef __global_requires
#define __global_requires(e) ((void)0)
#endif

/*
 * Uninterpreted functions: a pure (`const`, LLVM memory(none)) external
 * function without a body, e.g. DECLARE_UF_BINARY(f, int, int, int).
 */
#define DECLARE_UF_UNARY(name, t1, ret) \
  __LOCKSTEP_BEGIN __LOCKSTEP_FN __attribute__((const)) ret name(t1); __LOCKSTEP_END
#define DECLARE_UF_BINARY(name, t1, t2, ret) \
  __LOCKSTEP_BEGIN __LOCKSTEP_FN __attribute__((const)) ret name(t1, t2); __LOCKSTEP_END
#define DECLARE_UF_TERNARY(name, t1, t2, t3, ret) \
  __LOCKSTEP_BEGIN __LOCKSTEP_FN __attribute__((const)) ret name(t1, t2, t3); \
  __LOCKSTEP_END

/*
 * A file-scope axiom becomes a function `__lockstep_axiom_<N>` whose body
 * calls `__lockstep_axiom(e)`; the lifter collects these functions.
 */
#define __axiom(e)                                                      \
  __LOCKSTEP_BEGIN __LOCKSTEP_AXIOM_FN void __LOCKSTEP_CAT(__lockstep_axiom_,  \
                                                     __COUNTER__)(void) { \
    __lockstep_axiom(e);                                                \
  }                                                                     \
  __LOCKSTEP_END

#endif /* LOCKSTEP_H */
