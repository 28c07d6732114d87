//pass
//--blockDim=[16,16] --gridDim=[8,8]

// helper_math.h-style vector arithmetic, which the CUDA samples use without including
// it: operators on float3/float4/int2/uint4 (vector-vector, vector-scalar, compound),
// make_float3(float), make_float4(float3, float), dot, length, normalize, cross, lerp,
// clamp, fminf/fmaxf. The pixel index comes from int2 arithmetic; each thread writes its
// own pixel.

#define WIDTH 128

__global__ void shade(const float4 *normals, float4 *image) {
  int2 p = make_int2(blockIdx.x, blockIdx.y) * 16 +
           make_int2(threadIdx.x, threadIdx.y);
  int idx = p.y * WIDTH + p.x;
  float4 n4 = normals[idx];
  float3 n = normalize(make_float3(n4.x, n4.y, n4.z));
  float3 light = make_float3(0.5f, 0.5f, 1.0f);
  float3 h = normalize(light + make_float3(0.0f, 0.0f, 1.0f));
  float diffuse = clamp(dot(n, light) / length(light), 0.0f, 1.0f);
  float3 colour = lerp(make_float3(0.1f), make_float3(1.0f, 0.9f, 0.8f), diffuse);
  colour += cross(n, h) * 0.05f;
  colour = fminf(fmaxf(colour, make_float3(0.0f)), make_float3(1.0f));
  colour *= 0.5f;
  uint4 mask = make_uint4(1u, 2u, 3u, 4u) + 1u;
  image[idx] = make_float4(colour, (float)(mask.w - mask.x));
}
