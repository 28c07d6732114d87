//pass
//--blockDim=[16,16] --gridDim=[8,8]

// Texture references of float, float4 and uchar4 (normalized: read as float4), a layered
// texture and a texture object read with tex2D<float4>: reads of read-only memory, one
// uninterpreted value per texel and component, so two fetches of a texel agree. Each
// thread writes its own pixel.

#define WIDTH 128

texture<float, 2, cudaReadModeElementType> height;
texture<float4, cudaTextureType2D, cudaReadModeElementType> albedo;
texture<uchar4, 2, cudaReadModeNormalizedFloat> mask;
texture<float, cudaTextureType2DLayered> layers;

__global__ void composite(float4 *out, cudaTextureObject_t light) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  float u = x + 0.5f, v = y + 0.5f;
  float h = tex2D(height, u, v);
  float4 a = tex2D(albedo, u, v);
  float4 m = tex2D(mask, u, v);
  float l = tex2DLayered(layers, u, v, 1);
  float4 s = tex2D<float4>(light, u, v);
  __assert(__float_as_int(a.y) == __float_as_int(tex2D(albedo, u, v).y));
  out[y * WIDTH + x] = make_float4(a.x * m.x + s.x, a.y * h, a.z + l, m.w);
}
