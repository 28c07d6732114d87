//pass
//--blockDim=256 --gridDim=64

// The bit-reversal permutation of an FFT: 16384 threads, each writing the element at its
// 14-bit reversed id. __brev is exact bit arithmetic, so the writes are distinct.

__global__ void bit_reverse(const float2 *in, float *re, float *im) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned j = __brev(i) >> (32 - 14);
  re[j] = in[i].x;
  im[j] = in[i].y;
}
