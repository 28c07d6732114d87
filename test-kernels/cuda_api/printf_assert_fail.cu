//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//printf_assert_fail\.cu:13:\d+: error: this assertion might not hold

// The standard assert fails when it can: not every thread's index is below one block's
// worth. (No include: nvcc declares printf and assert itself.)

__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0)
    printf("scaling %d elements\n", n);
  out[i] = 2.0f * in[i];
  assert(i < 256);
}
