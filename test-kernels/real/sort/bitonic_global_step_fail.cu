//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=4096
//error: possible [a-z-]+ race on keys

// The global bitonic step with the partner computed as i + j and only a bounds check as
// guard (the `(i & j) == 0` test forgotten): threads i and i + j both touch keys[i + j].
// 256-thread blocks, 4096 blocks.
__global__ void bitonic_step(unsigned int *keys, unsigned int j, unsigned int k,
                             unsigned int n) {
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int partner = i + j;
  if (partner < n) {
    unsigned int a = keys[i], b = keys[partner];
    bool ascending = (i & k) == 0;
    if ((a > b) == ascending) {
      keys[i] = b;
      keys[partner] = a;
    }
  }
}
