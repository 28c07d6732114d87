//pass
//--blockDim=256 --gridDim=64

// tex1Dfetch on a texture reference and on a texture object (float2 texels), and the
// form writing through a pointer: each thread writes its own element.

texture<float2, 1, cudaReadModeElementType> coeffs;

__global__ void apply(float *out, cudaTextureObject_t samples) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  float2 c = tex1Dfetch(coeffs, i);
  float s = tex1Dfetch<float>(samples, i);
  float t;
  tex1Dfetch(&t, samples, (int)i + 1);
  out[i] = c.x * s + c.y * t;
}
