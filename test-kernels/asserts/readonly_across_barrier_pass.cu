//pass
//--blockDim=64 --gridDim=4

// No statement writes T: its contents survive __syncthreads().
__global__ void readonly_across_barrier_pass(const int *T, int *out) {
  int before = T[threadIdx.x];
  __syncthreads();
  __assert(T[threadIdx.x] == before);
  out[blockIdx.x * blockDim.x + threadIdx.x] = before;
}
