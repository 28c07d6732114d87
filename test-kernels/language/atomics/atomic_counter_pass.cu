//pass
//--blockDim=64 --gridDim=4

// Histogram into shared memory and a global total, all through atomics.
__global__ void k(const unsigned *keys, unsigned *total, float *sum) {
  __shared__ unsigned bins[16];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&bins[keys[i] % 16], 1u);
  atomicInc(total, 1000000u);
  atomicAdd(sum, 0.5f);
}
