//pass
//--blockDim=256 --gridDim=256

// One 1-bit split of a block-local radix sort in shared memory: flag the keys whose bit is
// 0, scan the flags (Hillis-Steele), and scatter each key to its rank: zeros first, in
// order, then ones. The destinations form a permutation of 0..255, so the scatter is
// race-free, but only because of what the scan computed. 256-thread blocks, 256 blocks.
__global__ void radix_split(unsigned int *keys, unsigned int bit) {
  __shared__ unsigned int s_f[256];
  __shared__ unsigned int s_keys[256];
  unsigned int tid = threadIdx.x;
  unsigned int gid = blockIdx.x * blockDim.x + tid;
  unsigned int key = keys[gid];
  unsigned int b = (key >> bit) & 1;
  s_f[tid] = 1 - b;
  __syncthreads();
  for (unsigned int d = 1; d < 256; d <<= 1) {
    unsigned int v = (tid >= d) ? s_f[tid - d] : 0;
    __syncthreads();
    s_f[tid] += v;
    __syncthreads();
  }
  unsigned int total_false = s_f[255];
  unsigned int f = s_f[tid] - (1 - b);
  unsigned int dest = b ? (total_false + tid - f) : f;
  s_keys[dest] = key;
  __syncthreads();
  keys[gid] = s_keys[tid];
}
