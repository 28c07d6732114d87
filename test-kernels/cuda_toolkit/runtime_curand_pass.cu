//pass
//--blockDim=64 --gridDim=2 --cuda-path=${KERNEL_DIR}/../../target/cuda-11.8

// The runtime and cuRAND device headers of the toolkit: curand_uniform is the toolkit's
// own inline code (XORWOW on each thread's copy of its state), and float4 arithmetic uses
// lockstep's helper_math.h-style operators on the toolkit's vector types. (curand_normal2
// verifies too but slowly; curand_init's skip-ahead loops over the precomputed tables make
// a VC too large. A small launch: the state makes the VC large, slow at 256x64.)

#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void noise(curandState *states, float4 *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curandState s = states[i];
  float u = curand_uniform(&s);
  states[i] = s;
  out[i] = make_float4(u, u, u, 1.0f) * 0.5f + make_float4(0.5f);
}
