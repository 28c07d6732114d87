//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[8,8]
//texture2d_fail\.cu:14:\d+: error: possible write-write race on out\[\d+\]

// A texel read from a texture object used as the index of the write: texels are
// arbitrary, so two threads may write the same element. The twin of texture2d_pass.cu.

#define WIDTH 128

__global__ void scatter(float *out, cudaTextureObject_t table) {
  unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
  int4 t = tex2D<int4>(table, x, y);
  out[t.x % (WIDTH * WIDTH)] = x;
}
