/*
 * cuda_vector_math.h -- the vector operators and functions of the CUDA
 * samples' helper_math.h (which many kernels use without including it),
 * included by lockstep's cuda.h (which defines __LOCKSTEP_HD and the vector
 * types). Written for lockstep from the functions' documented meaning.
 *
 * Every function here is a template with one defaulted, unused parameter. A
 * kernel may therefore define the same functions itself, or include a real
 * helper_math.h: its plain functions coexist with these templates (no
 * redefinition) and win overload resolution on equal arguments. Define
 * LOCKSTEP_NO_VECTOR_MATH (-D) to leave all of this out.
 */
#ifndef LOCKSTEP_CUDA_VECTOR_MATH_H
#define LOCKSTEP_CUDA_VECTOR_MATH_H
#ifndef LOCKSTEP_NO_VECTOR_MATH

#define __LS_VM template <class __LsUnused = void> __LOCKSTEP_HD

/* Component lists of 2, 3 and 4 lanes. */
#define __LS_VV2(a, OP, b) a.x OP b.x, a.y OP b.y
#define __LS_VV3(a, OP, b) __LS_VV2(a, OP, b), a.z OP b.z
#define __LS_VV4(a, OP, b) __LS_VV3(a, OP, b), a.w OP b.w
#define __LS_VS2(a, OP, s) a.x OP s, a.y OP s
#define __LS_VS3(a, OP, s) __LS_VS2(a, OP, s), a.z OP s
#define __LS_VS4(a, OP, s) __LS_VS3(a, OP, s), a.w OP s
#define __LS_SV2(s, OP, b) s OP b.x, s OP b.y
#define __LS_SV3(s, OP, b) __LS_SV2(s, OP, b), s OP b.z
#define __LS_SV4(s, OP, b) __LS_SV3(s, OP, b), s OP b.w
#define __LS_F1_2(F, a) F(a.x), F(a.y)
#define __LS_F1_3(F, a) __LS_F1_2(F, a), F(a.z)
#define __LS_F1_4(F, a) __LS_F1_3(F, a), F(a.w)
#define __LS_F2_2(F, a, b) F(a.x, b.x), F(a.y, b.y)
#define __LS_F2_3(F, a, b) __LS_F2_2(F, a, b), F(a.z, b.z)
#define __LS_F2_4(F, a, b) __LS_F2_3(F, a, b), F(a.w, b.w)
#define __LS_SET2(a, OP, b) a.x OP b.x; a.y OP b.y;
#define __LS_SET3(a, OP, b) __LS_SET2(a, OP, b) a.z OP b.z;
#define __LS_SET4(a, OP, b) __LS_SET3(a, OP, b) a.w OP b.w;
#define __LS_SETS2(a, OP, s) a.x OP s; a.y OP s;
#define __LS_SETS3(a, OP, s) __LS_SETS2(a, OP, s) a.z OP s;
#define __LS_SETS4(a, OP, s) __LS_SETS3(a, OP, s) a.w OP s;
#define __LS_REP2(s) s, s
#define __LS_REP3(s) s, s, s
#define __LS_REP4(s) s, s, s, s
#define __LS_SUM2(a, b) a.x * b.x + a.y * b.y
#define __LS_SUM3(a, b) __LS_SUM2(a, b) + a.z * b.z
#define __LS_SUM4(a, b) __LS_SUM3(a, b) + a.w * b.w

/* An arithmetic operator OP (and OP=) on vectors V of N lanes of S. */
#define __LS_ARITH(V, S, N, OP)                                              \
  __LS_VM V operator OP(V a, V b) { return make_##V(__LS_VV##N(a, OP, b)); } \
  __LS_VM V operator OP(V a, S s) { return make_##V(__LS_VS##N(a, OP, s)); } \
  __LS_VM V operator OP(S s, V b) { return make_##V(__LS_SV##N(s, OP, b)); } \
  __LS_VM void operator OP##=(V &a, V b) { __LS_SET##N(a, OP##=, b) }       \
  __LS_VM void operator OP##=(V &a, S s) { __LS_SETS##N(a, OP##=, s) }

/* Everything for vectors V of N lanes of S. */
#define __LS_VECTOR(V, S, N)                                                 \
  __LS_ARITH(V, S, N, +)                                                     \
  __LS_ARITH(V, S, N, -)                                                     \
  __LS_ARITH(V, S, N, *)                                                     \
  __LS_ARITH(V, S, N, /)                                                     \
  __LS_VM V make_##V(S s) { return make_##V(__LS_REP##N(s)); }              \
  __LS_VM S dot(V a, V b) { return __LS_SUM##N(a, b); }                      \
  __LS_VM V min(V a, V b) { return make_##V(__LS_F2_##N(min, a, b)); }       \
  __LS_VM V max(V a, V b) { return make_##V(__LS_F2_##N(max, a, b)); }       \
  __LS_VM V clamp(V v, V lo, V hi) { return min(max(v, lo), hi); }          \
  __LS_VM V clamp(V v, S lo, S hi) {                                         \
    return clamp(v, make_##V(lo), make_##V(hi));                             \
  }

/* Signed and floating-point vectors also have negation. */
#define __LS_SIGNED(V, N)                                                    \
  __LS_VM V operator-(V a) { return make_##V(__LS_SV##N(, -, a)); }

/* Floating-point vectors of N lanes. */
#define __LS_FLOATS(V, N)                                                    \
  __LS_SIGNED(V, N)                                                          \
  __LS_VM V fminf(V a, V b) { return make_##V(__LS_F2_##N(fminf, a, b)); }   \
  __LS_VM V fmaxf(V a, V b) { return make_##V(__LS_F2_##N(fmaxf, a, b)); }   \
  __LS_VM V floorf(V a) { return make_##V(__LS_F1_##N(floorf, a)); }        \
  __LS_VM V fracf(V a) { return a - floorf(a); }                             \
  __LS_VM V fabs(V a) { return make_##V(__LS_F1_##N(fabsf, a)); }           \
  __LS_VM V fmodf(V a, V b) { return make_##V(__LS_F2_##N(fmodf, a, b)); }   \
  __LS_VM float length(V v) { return sqrtf(dot(v, v)); }                     \
  __LS_VM V normalize(V v) { return v * rsqrtf(dot(v, v)); }                 \
  __LS_VM V lerp(V a, V b, float t) { return a + t * (b - a); }              \
  __LS_VM V smoothstep(V a, V b, V x) {                                      \
    V y = clamp((x - a) / (b - a), 0.0f, 1.0f);                              \
    return y * y * (make_##V(3.0f) - make_##V(2.0f) * y);                    \
  }                                                                          \
  __LS_VM V reflect(V i, V n) { return i - 2.0f * n * dot(n, i); }

#define __LS_FAMILY(P, S)                                                    \
  __LS_VECTOR(P##2, S, 2) __LS_VECTOR(P##3, S, 3) __LS_VECTOR(P##4, S, 4)
__LS_FAMILY(float, float)
__LS_FAMILY(int, int)
__LS_FAMILY(uint, unsigned int)
__LS_FLOATS(float2, 2) __LS_FLOATS(float3, 3) __LS_FLOATS(float4, 4)
__LS_SIGNED(int2, 2) __LS_SIGNED(int3, 3) __LS_SIGNED(int4, 4)

/* Scalars. */
__LS_VM float lerp(float a, float b, float t) { return a + t * (b - a); }
__LS_VM float clamp(float f, float a, float b) { return fmaxf(a, fminf(f, b)); }
__LS_VM int clamp(int f, int a, int b) { return max(a, min(f, b)); }
__LS_VM unsigned int clamp(unsigned int f, unsigned int a, unsigned int b) {
  return max(a, min(f, b));
}
__LS_VM float smoothstep(float a, float b, float x) {
  float y = clamp((x - a) / (b - a), 0.0f, 1.0f);
  return y * y * (3.0f - 2.0f * y);
}
__LS_VM float fracf(float v) { return v - floorf(v); }
__LS_VM float3 cross(float3 a, float3 b) {
  return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z,
                     a.x * b.y - a.y * b.x);
}
__LS_VM int2 abs(int2 v) { return make_int2(abs(v.x), abs(v.y)); }
__LS_VM int3 abs(int3 v) { return make_int3(abs(v.x), abs(v.y), abs(v.z)); }
__LS_VM int4 abs(int4 v) {
  return make_int4(abs(v.x), abs(v.y), abs(v.z), abs(v.w));
}

/* Conversions and constructors from other shapes. */
#define __LS_CONVERT(D, N, SRC)                                              \
  __LS_VM D make_##D(SRC a) { return make_##D(__LS_CONVERT##N(a)); }
#define __LS_CONVERT2(a) a.x, a.y
#define __LS_CONVERT3(a) a.x, a.y, a.z
#define __LS_CONVERT4(a) a.x, a.y, a.z, a.w
#define __LS_CONVERTS(P, Q, R)                                               \
  __LS_CONVERT(P##2, 2, Q##2) __LS_CONVERT(P##3, 3, Q##3)                    \
  __LS_CONVERT(P##4, 4, Q##4) __LS_CONVERT(P##2, 2, R##2)                    \
  __LS_CONVERT(P##3, 3, R##3) __LS_CONVERT(P##4, 4, R##4)
__LS_CONVERTS(float, int, uint)
__LS_CONVERTS(int, float, uint)
__LS_CONVERTS(uint, float, int)
#define __LS_SHAPES(P, S)                                                    \
  __LS_CONVERT(P##2, 2, P##3) __LS_CONVERT(P##2, 2, P##4)                    \
  __LS_CONVERT(P##3, 3, P##4)                                                \
  __LS_VM P##3 make_##P##3(P##2 a) { return make_##P##3(a.x, a.y, 0); }      \
  __LS_VM P##3 make_##P##3(P##2 a, S z) { return make_##P##3(a.x, a.y, z); } \
  __LS_VM P##4 make_##P##4(P##3 a) {                                         \
    return make_##P##4(a.x, a.y, a.z, 0);                                    \
  }                                                                          \
  __LS_VM P##4 make_##P##4(P##3 a, S w) {                                    \
    return make_##P##4(a.x, a.y, a.z, w);                                    \
  }
__LS_SHAPES(float, float)
__LS_SHAPES(int, int)
__LS_SHAPES(uint, unsigned int)

#undef __LS_SHAPES
#undef __LS_CONVERTS
#undef __LS_CONVERT4
#undef __LS_CONVERT3
#undef __LS_CONVERT2
#undef __LS_CONVERT
#undef __LS_FAMILY
#undef __LS_FLOATS
#undef __LS_SIGNED
#undef __LS_VECTOR
#undef __LS_ARITH
#undef __LS_REP4
#undef __LS_REP3
#undef __LS_REP2
#undef __LS_SUM4
#undef __LS_SUM3
#undef __LS_SUM2
#undef __LS_SETS4
#undef __LS_SETS3
#undef __LS_SETS2
#undef __LS_SET4
#undef __LS_SET3
#undef __LS_SET2
#undef __LS_F2_4
#undef __LS_F2_3
#undef __LS_F2_2
#undef __LS_F1_4
#undef __LS_F1_3
#undef __LS_F1_2
#undef __LS_SV4
#undef __LS_SV3
#undef __LS_SV2
#undef __LS_VS4
#undef __LS_VS3
#undef __LS_VS2
#undef __LS_VV4
#undef __LS_VV3
#undef __LS_VV2
#undef __LS_VM

#endif /* LOCKSTEP_NO_VECTOR_MATH */
#endif /* LOCKSTEP_CUDA_VECTOR_MATH_H */
