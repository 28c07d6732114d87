// Including cuda.h explicitly, both ways, next to the forced include.
#include "cuda.h"
#include <cuda.h>

__global__ void copy(float *dst, const float *src) {
  dst[threadIdx.x] = src[threadIdx.x];
}
