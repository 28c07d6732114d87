//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=16
//possible write-write race on dst

// Each thread copies its row of 8 floats with memcpy, but one float too many: the ninth
// is the next thread's first, which that thread copies too, from the same place.
__global__ void rows(float *dst, const float *src) {
  unsigned row = blockIdx.x * blockDim.x + threadIdx.x;
  memcpy(dst + row * 8, src + row * 8, 9 * sizeof(float));
}
