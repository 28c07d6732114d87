//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=64
//error: possible [a-z-]+ race on amLast

// As `threadfence_reduction_pass.cu`, without the barrier between thread 0 setting the
// __shared__ amLast flag from its ticket and the other threads of the block reading it:
// they may read the flag before thread 0 has written it (and, in the last block, read
// g_odata[blockIdx.x] before thread 0 has stored the block's own partial there).
#define BLOCK_SIZE 128

__device__ void reduce_block(float *sdata, float mySum, unsigned int tid) {
  sdata[tid] = mySum;
  __syncthreads();
  for (unsigned int s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
}

__device__ unsigned int retirementCount = 0;

__global__ void reduce_single_pass(const float *g_idata, volatile float *g_odata,
                                   unsigned int n) {
  __requires(n == 1048576);
  __shared__ float sdata[BLOCK_SIZE];
  __shared__ bool amLast;
  unsigned int tid = threadIdx.x;
  unsigned int gridSize = BLOCK_SIZE * 2 * gridDim.x;
  float mySum = 0.0f;
  for (unsigned int i = blockIdx.x * BLOCK_SIZE * 2 + tid; i < n; i += gridSize)
    mySum += g_idata[i] + g_idata[i + BLOCK_SIZE];
  reduce_block(sdata, mySum, tid);
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];

  __threadfence();
  if (tid == 0) {
    unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
    amLast = (ticket == gridDim.x - 1);
  }

  if (amLast) {
    float total = 0.0f;
    for (unsigned int i = tid; i < gridDim.x; i += BLOCK_SIZE)
      total += g_odata[i];
    reduce_block(sdata, total, tid);
    if (tid == 0) {
      g_odata[0] = sdata[0];
      retirementCount = 0;
    }
  }
}
