//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=4096
//error: possible [a-z-]+ race on s_key

// As `merge_sort_shared_pass.cu`, without the barrier between a step's rank searches and
// its writes: a thread can store a key into the run pair while another thread of the same
// pair is still binary-searching it (and before it has read its own keys).
#define SHARED_SIZE_LIMIT 1024

__device__ unsigned int rank_exclusive(unsigned int val, const unsigned int *data,
                                       unsigned int L, unsigned int stride) {
  if (L == 0)
    return 0;
  unsigned int pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned int newPos = min(pos + stride, L);
    if (data[newPos - 1] < val)
      pos = newPos;
  }
  return pos;
}

__device__ unsigned int rank_inclusive(unsigned int val, const unsigned int *data,
                                       unsigned int L, unsigned int stride) {
  if (L == 0)
    return 0;
  unsigned int pos = 0;
  for (; stride > 0; stride >>= 1) {
    unsigned int newPos = min(pos + stride, L);
    if (data[newPos - 1] <= val)
      pos = newPos;
  }
  return pos;
}

__global__ void merge_sort_shared(unsigned int *d_DstKey, const unsigned int *d_SrcKey) {
  __shared__ unsigned int s_key[SHARED_SIZE_LIMIT];
  unsigned int base = blockIdx.x * SHARED_SIZE_LIMIT;
  s_key[threadIdx.x] = d_SrcKey[base + threadIdx.x];
  s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2] =
      d_SrcKey[base + threadIdx.x + SHARED_SIZE_LIMIT / 2];

  for (unsigned int stride = 1; stride < SHARED_SIZE_LIMIT; stride <<= 1) {
    unsigned int lPos = threadIdx.x & (stride - 1);
    unsigned int *baseKey = s_key + 2 * (threadIdx.x - lPos);
    __syncthreads();
    unsigned int keyA = baseKey[lPos];
    unsigned int keyB = baseKey[lPos + stride];
    unsigned int posA = rank_exclusive(keyA, baseKey + stride, stride, stride) + lPos;
    unsigned int posB = rank_inclusive(keyB, baseKey, stride, stride) + lPos;
    baseKey[posA] = keyA;
    baseKey[posB] = keyB;
  }
  __syncthreads();
  d_DstKey[base + threadIdx.x] = s_key[threadIdx.x];
  d_DstKey[base + threadIdx.x + SHARED_SIZE_LIMIT / 2] =
      s_key[threadIdx.x + SHARED_SIZE_LIMIT / 2];
}
