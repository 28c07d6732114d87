//pass
//--blockDim=256 --gridDim=4096

// One global bitonic merge step (k: size of the bitonic sequences, j: comparator distance),
// as launched repeatedly by the host for arrays too large for shared memory: thread i
// compares keys i and i ^ j, and only the lower index of each pair does the swap, so pairs
// never overlap. 256-thread blocks, 4096 blocks (1M keys).
__global__ void bitonic_step(unsigned int *keys, unsigned int j, unsigned int k) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int ixj = i ^ j;
  if (ixj > i) {
    unsigned int a = keys[i], b = keys[ixj];
    bool ascending = (i & k) == 0;
    if ((a > b) == ascending) {
      keys[i] = b;
      keys[ixj] = a;
    }
  }
}
