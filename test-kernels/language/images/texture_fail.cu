//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//this assertion might not hold

// Fetches of different texels may differ.
texture<int, 1, cudaReadModeElementType> weights;

__global__ void scale(int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = tex1Dfetch(weights, i);
  __assert(w == tex1Dfetch(weights, i + 1));
  out[i] = w * out[i];
}
