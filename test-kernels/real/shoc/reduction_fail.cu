//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64 --warp-sync=32
//error: possible [a-z-]+ race on sdata

// As `reduction_pass.cu`, without the barrier after the last shared step (tid < 64): the
// first warp starts its barrier-free tail and reads sdata[32 .. 63] while the second warp
// (threads 32 .. 63, not in lock-step with the first) may still be adding into them.
#define BLOCK_SIZE 256

__global__ void reduce(const float *g_idata, float *g_odata, unsigned int n) {
  __requires(n == 8388608);
  __shared__ float sdata[BLOCK_SIZE];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (BLOCK_SIZE * 2) + tid;
  unsigned int gridSize = BLOCK_SIZE * 2 * gridDim.x;
  float sum = 0.0f;
  while (i < n) {
    sum += g_idata[i] + g_idata[i + BLOCK_SIZE];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();

  if (tid < 128)
    sdata[tid] += sdata[tid + 128];
  __syncthreads();
  if (tid < 64)
    sdata[tid] += sdata[tid + 64];

  if (tid < 32) {
    volatile float *smem = sdata;
    smem[tid] += smem[tid + 32];
    smem[tid] += smem[tid + 16];
    smem[tid] += smem[tid + 8];
    smem[tid] += smem[tid + 4];
    smem[tid] += smem[tid + 2];
    smem[tid] += smem[tid + 1];
  }
  if (tid == 0)
    g_odata[blockIdx.x] = sdata[0];
}
