//pass
//--blockDim=256 --gridDim=64

// Monte Carlo option pricing with cuRAND: each thread owns one generator state (loaded from
// global memory, advanced in registers and stored back), simulates a number of terminal
// prices, and the block sums the payoffs in shared memory. 256-thread blocks, 64 blocks, as
// in the MonteCarlo samples' per-thread RNG layout.
__global__ void mc_price(curandState *states, float *block_sums, float S0, float drift,
                         float vol, float K, int paths_per_thread) {
  __shared__ float s_sum[256];
  unsigned int tid = threadIdx.x;
  unsigned int gid = blockIdx.x * blockDim.x + tid;
  curandState local = states[gid];
  float sum = 0.0f;
  for (int p = 0; p < paths_per_thread; p++) {
    float z = curand_normal(&local);
    float ST = S0 * expf(drift + vol * z);
    sum += fmaxf(ST - K, 0.0f);
  }
  states[gid] = local;
  s_sum[tid] = sum;
  __syncthreads();
  for (unsigned int s = 128; s > 0; s >>= 1) {
    if (tid < s)
      s_sum[tid] += s_sum[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    block_sums[blockIdx.x] = s_sum[0];
}
