//pass
//--blockDim=32 --gridDim=2

__shared__ int s[32];

__global__ void k(int *out) {
  unsigned t = threadIdx.x;
  int v = t;
  for (int i = 0; i < 3; i++) {
    s[t] = v;
    __syncthreads();
    v = s[(t + 1) % 32];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + t] = v;
}
