//pass
//--blockDim=256 --gridDim=64 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The toolkit's __umul24, __mul24, __umulhi and __uhadd are libdevice calls, which the
// lifter gives their exact meaning (as OpenCL's mul24, mul_hi and hadd): the index built
// with __umul24 is each thread's own element and the assertions hold.

__global__ void scale(float *out, const float *in, unsigned n) {
  unsigned i = __umul24(blockIdx.x, blockDim.x) + threadIdx.x;
  __assert(__mul24(-3, (int)threadIdx.x) == -3 * (int)threadIdx.x);
  __assert(__umulhi(0x80000000u, 4u) == 2u);
  __assert(__uhadd(0xffffffffu, 1u) == 0x80000000u);
  out[i] = 2.0f * in[i];
}
