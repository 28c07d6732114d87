//pass
//--blockDim=128 --gridDim=64

// Single-pass sum, after the public description of the CUDA samples' threadFenceReduction
// (and the CUDA programming guide's __threadfence() example): each block reduces its
// grid-stride share of the input in shared memory (a barrier after each step) and thread 0
// stores the block's partial sum in g_odata[blockIdx.x] (volatile, so the last block
// reads memory, not a stale cache line); every thread then issues __threadfence() so the
// partial is visible device-wide before thread 0 takes a ticket with atomicInc on the
// __device__ retirement counter. The one block that draws the last ticket (published to
// its threads through a __shared__ flag and a barrier) sums the 64 partials, writes the
// total to g_odata[0] and resets the counter for the next launch. 128-thread blocks,
// 64 blocks, 1M floats.
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
  __syncthreads();

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
