//pass
//--blockDim=64 --gridDim=4

// Texture reads are reads of read-only memory: no race with anything, and two fetches of
// the same texel give the same value.
texture<int, 1, cudaReadModeElementType> weights;

__global__ void scale(int *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int w = tex1Dfetch(weights, i);
  __assert(w == tex1Dfetch(weights, i));
  out[i] = w * out[i];
}
