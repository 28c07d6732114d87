//pass
//--blockDim=128 --gridDim=2

__global__ void reduce(int *data) {
  // Interleaved tree reduction with a doubling stride: thread t combines elements
  // 2*s*t and 2*s*t + s; the strides are powers of two.
  __shared__ int buf[128];
  unsigned t = threadIdx.x;
  buf[t] = data[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    unsigned i = 2 * s * t;
    if (i < blockDim.x)
      buf[i] += buf[i + s];
    __syncthreads();
  }
  if (t == 0)
    data[blockIdx.x * blockDim.x] = buf[0];
}
