__global__ void rng(curandState *s, curandStateMtgp32_t *m, float *out) {
  curand_init(7, threadIdx.x, 0, &s[threadIdx.x]);
  out[threadIdx.x] = curand_uniform(&s[threadIdx.x]) + curand_normal(m);
}
