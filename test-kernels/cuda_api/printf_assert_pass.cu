//pass
//--blockDim=256 --gridDim=64

// Device printf and the standard assert, as nvcc offers them (here also with <assert.h>
// and <stdio.h> included, whose host declarations must not clash with lockstep's
// __assert): printf touches no memory, and each assert holds.
#include <assert.h>
#include <stdio.h>

__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < 256 * 64);
  __assert(i >= 0);
  if (i == 0)
    printf("scaling %d elements\n", n);
  out[i] = 2.0f * in[i];
}
