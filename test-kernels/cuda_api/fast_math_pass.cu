//pass
//--blockDim=256 --gridDim=64

// Fast-math and conversion intrinsics (pure functions of their arguments) and integer
// intrinsics with their exact meaning: the 24-bit product indexes each thread's own
// element, and the assertions about __umulhi, __mulhi, __brev and __ffs hold.

__global__ void shade(const float *in, float *out, int *bits) {
  unsigned i = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  float x = in[i];
  float y = __saturatef(x) + __expf(x) + __exp10f(x) + __logf(x) + __powf(x, 2.0f) +
            __fdividef(x, 3.0f) + __frcp_rn(x) + __fsqrt_rn(x) + rsqrtf(x) +
            ldexpf(x, 3) + __int2float_rn(__float2int_rn(x)) +
            __int_as_float(__float_as_int(x));
  out[i] = y;
  __assert(__umulhi(i, 1u << 31) == i >> 1);
  __assert(__mulhi(-2, 1 << 30) == -1);
  __assert(__brev(1u) == 1u << 31);
  __assert(__ffs(8) == 4);
  bits[i] = __popc(i) + __clz((int)i) + __ffs((int)i) + (int)__brev(i);
}
