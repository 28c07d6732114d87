//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=2 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8
//runtime_curand_fail\.cu:15:\d+: error: possible write-write race on states\[\d+\]

// As runtime_curand_pass.cu, but every thread writes its advanced state back to thread 0's
// slot. (A small launch: the XORWOW state makes the VC large.)

#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void noise(curandState *states, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[i];
  out[i] = curand_uniform(&s);
  states[0] = s;
}
