//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=2048
//error: possible [a-z-]+ race on keys

// The odd-even merge step with the comparator groups placed k apart instead of 2k apart (a
// wrong stride): comparator c's upper element a + k is comparator c + k's lower element.
// 256-thread blocks, 2048 blocks.
__global__ void odd_even_merge_step(unsigned int *keys, unsigned int n, unsigned int logp,
                                    unsigned int logk) {
  __requires(logk <= logp && logp < 20);
  unsigned int p = 1u << logp, k = 1u << logk;
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int a = (k & (p - 1)) + ((c >> logk) << logk) + (c & (k - 1));
  unsigned int b = a + k;
  if (b < n && (a >> (logp + 1)) == (b >> (logp + 1))) {
    unsigned int x = keys[a], y = keys[b];
    if (x > y) {
      keys[a] = y;
      keys[b] = x;
    }
  }
}
