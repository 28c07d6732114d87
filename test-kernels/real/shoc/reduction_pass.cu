//pass
//--blockDim=256 --gridDim=64 --warp-sync=32

// Sum reduction after the public description of SHOC's Reduction benchmark (the reduce6
// shape): each thread adds pairs of elements a block apart in a grid-stride loop
// (stride 2 * 256 * 64), the block folds its 256 partial sums in shared memory with a
// barrier after each step down to 64 values, the first warp finishes without barriers
// through a volatile pointer (hence --warp-sync=32), and thread 0 writes the block's
// partial sum. 256-thread blocks, 64 blocks, 8M floats (32 MB).
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
  __syncthreads();

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
