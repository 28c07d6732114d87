//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=4
//mtgp32_blocks_fail\.cu:7:\d+: error: possible write-write race on states\[0\]

// Every block draws from the same MTGP32 state: the blocks race on it.
__global__ void k(curandStateMtgp32_t *states, float *out) {
  out[blockIdx.x * 128 + threadIdx.x] = curand_uniform(states);
}
