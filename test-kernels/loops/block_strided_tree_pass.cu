//pass
//--blockDim=256 --gridDim=16

// A tree reduction over 1024 shared values with 256 threads, each step a loop strided by
// the block size (`for (i = tid; i < stride; i += blockDim.x)`, as CUDA's scalarProd folds
// its accumulators). A thread reads `acc[i]` and `acc[stride + i]` and writes `acc[i]`:
// its read log is at one of the two sites, which no single range says, and the step loop's
// head is also passed when the tree loop has ended, with the logs of its last step.
#define N 1024
__global__ void block_strided_tree(float *out, const float *in) {
  __shared__ float acc[N];
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    acc[i] = in[blockIdx.x * N + i];
  for (int stride = N / 2; stride > 0; stride >>= 1) {
    __syncthreads();
    for (int i = threadIdx.x; i < stride; i += blockDim.x)
      acc[i] += acc[stride + i];
  }
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = acc[0];
}
