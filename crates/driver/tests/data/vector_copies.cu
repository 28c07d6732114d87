// Whole float3/float4 values returned by value and copied: at -O0 whole-struct loads and
// stores, which the driver splits into field copies.
struct pair { float4 a; int b[2]; };

__global__ void blend(float4 *out, const float3 *in, pair *pairs) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float3 v = in[i] + make_float3(1.0f) * 2.0f;
  float4 w = make_float4(v, 1.0f);
  pair p;
  p.a = w;
  p.b[0] = (int)i;
  p.b[1] = 2;
  pairs[i] = p;
  out[i] = w;
}
