//pass
//--blockDim=128 --gridDim=4

// An MTGP32 state per block, shared by the block's 128 threads (it serves up to 256).
__global__ void k(curandStateMtgp32_t *states, unsigned *out) {
  out[blockIdx.x * 128 + threadIdx.x] = curand(&states[blockIdx.x]);
}
