//pass
//--blockDim=512 --gridDim=8

// Rodinia Gaussian elimination, Fan1: for pivot column t, each thread below the pivot row
// computes its row's multiplier (4096x4096 system).
__global__ void Fan1(float *m_cuda, float *a_cuda, int Size, int t) {
  __requires(Size == 4096);
  __requires(t >= 0 && t < Size - 1);
  if (threadIdx.x + blockIdx.x * blockDim.x >= Size - 1 - t)
    return;
  m_cuda[Size * (blockDim.x * blockIdx.x + threadIdx.x + t + 1) + t] =
      a_cuda[Size * (blockDim.x * blockIdx.x + threadIdx.x + t + 1) + t] / a_cuda[Size * t + t];
}
