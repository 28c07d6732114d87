//pass
//--blockDim=64 --gridDim=4

// Each thread initialises and draws from its own generator state.
__global__ void k(curandState *states, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, i, 0, &states[i]);
  out[i] = curand_uniform(&states[i]) + curand_normal(&states[i]);
}
