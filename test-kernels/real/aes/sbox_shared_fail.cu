//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=256
//error: (barrier may be reached by non-uniform control flow|possible [a-z-]+ race on sbox)

// The shared S-box kernel with the table copy and its __syncthreads moved inside the
// grid-stride loop (to reload per block of data): threads whose loop runs fewer iterations
// than others skip the barrier (barrier divergence); a second iteration also rewrites the
// table while other threads read it. 128-thread blocks, 256 blocks.
__constant__ unsigned char c_round_keys[176];

__global__ void aes_sub_rounds(unsigned char *data, const unsigned char *sbox_g,
                               unsigned int nblocks) {
  __shared__ unsigned char sbox[256];
  for (unsigned int b = blockIdx.x * blockDim.x + threadIdx.x; b < nblocks;
       b += blockDim.x * gridDim.x) {
    sbox[threadIdx.x] = sbox_g[threadIdx.x];
    sbox[threadIdx.x + 128] = sbox_g[threadIdx.x + 128];
    __syncthreads();
    unsigned char st[16];
    for (int i = 0; i < 16; i++)
      st[i] = data[b * 16 + i] ^ c_round_keys[i];
    for (int r = 1; r <= 10; r++)
      for (int i = 0; i < 16; i++)
        st[i] = sbox[st[(i * 5) & 15]] ^ c_round_keys[16 * r + i];
    for (int i = 0; i < 16; i++)
      data[b * 16 + i] = st[i];
  }
}
