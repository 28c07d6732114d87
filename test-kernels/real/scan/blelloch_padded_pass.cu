//pass
//--blockDim=256 --gridDim=64

// Work-efficient (Blelloch) exclusive scan of 512 elements per 256-thread block, with the
// bank-conflict-avoiding padding CONFLICT_FREE_OFFSET(n) = n >> LOG_NUM_BANKS from the
// public description of the algorithm (GPU Gems 3 ch. 39). 64 blocks of a 32K array.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)
#define N 512

__global__ void scan_blelloch(const float *g_in, float *g_out, float *g_sums) {
  __shared__ float temp[N + N / NUM_BANKS];
  int thid = threadIdx.x;
  int base = blockIdx.x * N;
  int ai = thid;
  int bi = thid + N / 2;
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = g_in[base + ai];
  temp[bi + bankOffsetB] = g_in[base + bi];
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];
    }
    offset *= 2;
  }
  __syncthreads();
  if (thid == 0) {
    g_sums[blockIdx.x] = temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)];
    temp[N - 1 + CONFLICT_FREE_OFFSET(N - 1)] = 0;
  }
  for (int d = 1; d < N; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      float t = temp[a];
      temp[a] = temp[b];
      temp[b] += t;
    }
  }
  __syncthreads();
  g_out[base + ai] = temp[ai + bankOffsetA];
  g_out[base + bi] = temp[bi + bankOffsetB];
}
