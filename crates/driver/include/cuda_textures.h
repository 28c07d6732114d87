/*
 * cuda_textures.h -- CUDA texture references and texture objects, included by
 * lockstep's cuda.h (which defines __LOCKSTEP_D and the vector types).
 *
 * A texture does not change while a kernel runs: every fetch is a read of
 * read-only memory, so it never races, and its value is a pure function of the
 * texture, the fetch function and the coordinates (an uninterpreted function to
 * the verifier, so two fetches of the same texel give the same value). A fetch
 * of a vector texel is one such function per component. Reads in
 * cudaReadModeNormalizedFloat mode of 8- and 16-bit integer texels return floats,
 * as in CUDA. Surfaces (which kernels write) are not modelled.
 */
#ifndef LOCKSTEP_CUDA_TEXTURES_H
#define LOCKSTEP_CUDA_TEXTURES_H

enum cudaTextureReadMode {
  cudaReadModeElementType = 0,
  cudaReadModeNormalizedFloat = 1
};
#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC
typedef unsigned long long cudaTextureObject_t;

template <class T, int dim = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __attribute__((device_builtin_texture_type)) texture {
  unsigned long long __lockstep_handle;
};

/* The type a fetch returns. */
template <class T, enum cudaTextureReadMode mode> struct __ls_tex_result {
  typedef T type;
};
#define __LOCKSTEP_NORMALIZED(T, F)                                         \
  template <> struct __ls_tex_result<T, cudaReadModeNormalizedFloat> {      \
    typedef F type;                                                         \
  };
#define __LOCKSTEP_NORMALIZED_VEC(V)                                        \
  __LOCKSTEP_NORMALIZED(V##1, float1)                                       \
  __LOCKSTEP_NORMALIZED(V##2, float2)                                       \
  __LOCKSTEP_NORMALIZED(V##4, float4)
__LOCKSTEP_NORMALIZED(char, float)
__LOCKSTEP_NORMALIZED(signed char, float)
__LOCKSTEP_NORMALIZED(unsigned char, float)
__LOCKSTEP_NORMALIZED(short, float)
__LOCKSTEP_NORMALIZED(unsigned short, float)
__LOCKSTEP_NORMALIZED_VEC(char)
__LOCKSTEP_NORMALIZED_VEC(uchar)
__LOCKSTEP_NORMALIZED_VEC(short)
__LOCKSTEP_NORMALIZED_VEC(ushort)
#undef __LOCKSTEP_NORMALIZED_VEC
#undef __LOCKSTEP_NORMALIZED

/* One component of one fetch: the texture (its handle, or the object), the
   fetch function, the component and the coordinates' bits. */
template <class H>
__device__ __attribute__((const)) float
__ls_tex_float(H tex, int fetch, int lane, int x, int y, int z, int layer);
template <class H>
__device__ __attribute__((const)) long long
__ls_tex_int(H tex, int fetch, int lane, int x, int y, int z, int layer);

/* A texel of type T assembled from its components. */
template <class T> struct __ls_texel;
#define __LOCKSTEP_TEXEL_ARGS                                               \
  template <class H>                                                        \
  static __device__ __forceinline__
#define __LOCKSTEP_TEXEL(T, LANE)                                           \
  template <> struct __ls_texel<T> {                                        \
    __LOCKSTEP_TEXEL_ARGS T fetch(H h, int f, int x, int y, int z, int l) { \
      return (T)LANE(h, f, 0, x, y, z, l);                                  \
    }                                                                       \
  };
#define __LOCKSTEP_TEXEL_VEC(V, E, LANE)                                    \
  template <> struct __ls_texel<V##1> {                                     \
    __LOCKSTEP_TEXEL_ARGS V##1 fetch(H h, int f, int x, int y, int z,       \
                                     int l) {                               \
      return make_##V##1((E)LANE(h, f, 0, x, y, z, l));                     \
    }                                                                       \
  };                                                                        \
  template <> struct __ls_texel<V##2> {                                     \
    __LOCKSTEP_TEXEL_ARGS V##2 fetch(H h, int f, int x, int y, int z,       \
                                     int l) {                               \
      return make_##V##2((E)LANE(h, f, 0, x, y, z, l),                      \
                         (E)LANE(h, f, 1, x, y, z, l));                     \
    }                                                                       \
  };                                                                        \
  template <> struct __ls_texel<V##4> {                                     \
    __LOCKSTEP_TEXEL_ARGS V##4 fetch(H h, int f, int x, int y, int z,       \
                                     int l) {                               \
      return make_##V##4(                                                   \
          (E)LANE(h, f, 0, x, y, z, l), (E)LANE(h, f, 1, x, y, z, l),       \
          (E)LANE(h, f, 2, x, y, z, l), (E)LANE(h, f, 3, x, y, z, l));      \
    }                                                                       \
  };
__LOCKSTEP_TEXEL(float, __ls_tex_float)
__LOCKSTEP_TEXEL(char, __ls_tex_int)
__LOCKSTEP_TEXEL(signed char, __ls_tex_int)
__LOCKSTEP_TEXEL(unsigned char, __ls_tex_int)
__LOCKSTEP_TEXEL(short, __ls_tex_int)
__LOCKSTEP_TEXEL(unsigned short, __ls_tex_int)
__LOCKSTEP_TEXEL(int, __ls_tex_int)
__LOCKSTEP_TEXEL(unsigned int, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(float, float, __ls_tex_float)
__LOCKSTEP_TEXEL_VEC(char, signed char, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(uchar, unsigned char, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(short, short, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(ushort, unsigned short, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(int, int, __ls_tex_int)
__LOCKSTEP_TEXEL_VEC(uint, unsigned int, __ls_tex_int)
#undef __LOCKSTEP_TEXEL_VEC
#undef __LOCKSTEP_TEXEL
#undef __LOCKSTEP_TEXEL_ARGS

/* The fetch functions: F(NAME, KIND, DIM, PARAMS, COORDS) with the coordinates
   as bits (x, y, z, layer). */
#define __LOCKSTEP_FB(v) __nvvm_bitcast_f2i(v)
#define __LOCKSTEP_FETCH(NAME, KIND, DIM, PARAMS, COORDS)                   \
  template <class T, enum cudaTextureReadMode mode>                         \
  __LOCKSTEP_D typename __ls_tex_result<T, mode>::type NAME(                \
      texture<T, DIM, mode> t, PARAMS) {                                    \
    return __ls_texel<typename __ls_tex_result<T, mode>::type>::fetch(      \
        t, KIND, COORDS);                                                   \
  }                                                                         \
  template <class T>                                                        \
  __LOCKSTEP_D T NAME(cudaTextureObject_t t, PARAMS) {                      \
    return __ls_texel<T>::fetch(t, KIND, COORDS);                           \
  }                                                                         \
  template <class T>                                                        \
  __LOCKSTEP_D void NAME(T *r, cudaTextureObject_t t, PARAMS) {             \
    *r = __ls_texel<T>::fetch(t, KIND, COORDS);                             \
  }
#define __LOCKSTEP_P(...) __VA_ARGS__
__LOCKSTEP_FETCH(tex1Dfetch, 0, cudaTextureType1D, int x, __LOCKSTEP_P(x, 0, 0, 0))
__LOCKSTEP_FETCH(tex1D, 1, cudaTextureType1D, float x,
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), 0, 0, 0))
__LOCKSTEP_FETCH(tex2D, 2, cudaTextureType2D, __LOCKSTEP_P(float x, float y),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), __LOCKSTEP_FB(y), 0, 0))
__LOCKSTEP_FETCH(tex3D, 3, cudaTextureType3D,
                 __LOCKSTEP_P(float x, float y, float z),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), __LOCKSTEP_FB(y),
                              __LOCKSTEP_FB(z), 0))
__LOCKSTEP_FETCH(tex1DLayered, 4, cudaTextureType1DLayered,
                 __LOCKSTEP_P(float x, int layer),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), 0, 0, layer))
__LOCKSTEP_FETCH(tex2DLayered, 5, cudaTextureType2DLayered,
                 __LOCKSTEP_P(float x, float y, int layer),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), __LOCKSTEP_FB(y), 0, layer))
__LOCKSTEP_FETCH(texCubemap, 6, cudaTextureTypeCubemap,
                 __LOCKSTEP_P(float x, float y, float z),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), __LOCKSTEP_FB(y),
                              __LOCKSTEP_FB(z), 0))
__LOCKSTEP_FETCH(tex1DLod, 7, cudaTextureType1D, __LOCKSTEP_P(float x, float lod),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), 0, 0, __LOCKSTEP_FB(lod)))
__LOCKSTEP_FETCH(tex2DLod, 8, cudaTextureType2D,
                 __LOCKSTEP_P(float x, float y, float lod),
                 __LOCKSTEP_P(__LOCKSTEP_FB(x), __LOCKSTEP_FB(y), 0,
                              __LOCKSTEP_FB(lod)))
#undef __LOCKSTEP_P
#undef __LOCKSTEP_FETCH
#undef __LOCKSTEP_FB

#endif /* LOCKSTEP_CUDA_TEXTURES_H */
