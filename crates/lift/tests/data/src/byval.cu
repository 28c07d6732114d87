// A CUDA struct parameter (CUDA's own float2 is a struct too).
struct Grid { unsigned width; unsigned height; float2 origin; };

__global__ void byval(float *out, Grid g) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < g.width * g.height)
    out[i] = g.origin.x;
}
