//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
//vector_math_fail\.cu:14:\d+: error: possible write-write race on image\[\d+\]

// As vector_math_pass.cu with the pixel position halved by int2 division: four threads
// write each pixel, each its own colour.

#define WIDTH 128

__global__ void shade(float4 *image) {
  int2 p = (make_int2(blockIdx.x, blockIdx.y) * 16 +
            make_int2(threadIdx.x, threadIdx.y)) / 2;
  float3 c = make_float3(p.x, p.y, threadIdx.x) / 255.0f;
  image[p.y * WIDTH + p.x] = make_float4(c, 1.0f);
}
