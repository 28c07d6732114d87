//pass
//--blockDim=64 --gridDim=1

// The function is chosen by a parameter, the same in every thread: the barrier inside it
// is reached by all threads or none.
typedef void (*step_t)(int *);

__device__ void sync_step(int *a) {
  a[threadIdx.x] = 1;
  __syncthreads();
  a[(threadIdx.x + 1) % 64] += 1;
}
__device__ void plain_step(int *a) { a[threadIdx.x] = 0; }

__global__ void k(int *a, int mode) {
  step_t f = mode ? sync_step : plain_step;
  f(a);
}
