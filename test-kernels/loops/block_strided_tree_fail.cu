//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=16

// The twin of block_strided_tree_pass.cu without the barrier before each step: a thread
// reads `acc[stride + i]` while the thread that owns it may still be writing it in the
// step before.
#define N 1024
__global__ void block_strided_tree(float *out, const float *in) {
  __shared__ float acc[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    acc[i] = in[blockIdx.x * N + i];
  __syncthreads();
  for (int stride = N / 2; stride > 0; stride >>= 1) {
    for (int i = threadIdx.x; i < stride; i += blockDim.x)
      acc[i] += acc[stride + i];
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc[0];
}
