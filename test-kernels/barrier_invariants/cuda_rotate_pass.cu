//pass
//--blockDim=128 --gridDim=2

// CUDA at -O2: the invariant tells every thread what its left neighbour stored.
__global__ void rotate(int *out) {
  __shared__ int s[128];
  s[threadIdx.x] = threadIdx.x + 10;
  __barrier_invariant_2(s[threadIdx.x] == threadIdx.x + 10, threadIdx.x,
                        (threadIdx.x + 127) % 128);
  __syncthreads();
  unsigned left = (threadIdx.x + 127) % 128;
  __assert(s[left] == left + 10);
  out[blockIdx.x * 128 + threadIdx.x] = s[left];
}
