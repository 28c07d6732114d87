//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on states

// The cuRAND Monte Carlo kernel with the generator state indexed by threadIdx.x instead of
// the global thread id: threads with the same threadIdx.x in different blocks draw from and
// update one state. 256-thread blocks, 64 blocks.
__global__ void mc_price(curandState *states, float *block_sums, float S0, float drift,
                         float vol, float K, int paths_per_thread) {
  __shared__ float s_sum[256];
  unsigned int tid = threadIdx.x;
  float sum = 0.0f;
  for (int p = 0; p < paths_per_thread; p++) {
    float z = curand_normal(&states[tid]);
    float ST = S0 * expf(drift + vol * z);
    sum += fmaxf(ST - K, 0.0f);
  }
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
