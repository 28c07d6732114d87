//pass
//--blockDim=256 --gridDim=2048

// One step (p, k) of Batcher's odd-even merge sort in global memory, from the iterative
// formulation of the network: comparator c handles element a = (k mod p) + 2k * (c / k)
// + (c mod k) and a + k, when both lie in the same block of 2p elements. Different
// comparators touch disjoint elements. p = 2^logp, k = 2^logk <= p. 256-thread blocks,
// 2048 blocks (1M keys, 512K comparators).
__global__ void odd_even_merge_step(unsigned int *keys, unsigned int n, unsigned int logp,
                                    unsigned int logk) {
  __requires(logk <= logp && logp < 20);
  unsigned int p = 1u << logp, k = 1u << logk;
  unsigned int c = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int a = (k & (p - 1)) + ((c >> logk) << (logk + 1)) + (c & (k - 1));
  unsigned int b = a + k;
  if (b < n && (a >> (logp + 1)) == (b >> (logp + 1))) {
    unsigned int x = keys[a], y = keys[b];
    if (x > y) {
      keys[a] = y;
      keys[b] = x;
    }
  }
}
