// One use of each family of the CUDA device API in lockstep's cuda.h.
#include <cuda_runtime.h>

texture<uchar4, 2, cudaReadModeNormalizedFloat> image;

__global__ void api(float *out, unsigned *bits, cudaTextureObject_t obj) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = out[i];
  v += __shfl_down_sync(0xffffffffu, v, 1) + __shfl_xor(v, 2);
  bits[i] = __ballot_sync(__activemask(), v > 0.0f) + __popc(i) + __brev(i);
  __syncwarp();
  float s, c;
  __sincosf(v, &s, &c);
  int e;
  float m = frexpf(__saturatef(v), &e);
  float4 t = tex2D(image, v, s) + tex2D<float4>(obj, c, m);
  float3 n = normalize(cross(make_float3(t.x, t.y, t.z), make_float3(1.0f)));
  out[i] = lerp(dot(n, n), __exp10f(m), 0.5f) + __ldg(&out[i]) + e;
}
