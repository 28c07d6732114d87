//pass
//--blockDim=128 --gridDim=256

// Byte-oriented AES-style substitution rounds with the 256-byte S-box staged in shared
// memory: each of the 128 threads copies two entries, then the block processes 16-byte
// states in a grid-stride loop (SubBytes via the shared table, AddRoundKey from
// __constant__ keys). 128-thread blocks, 256 blocks.
__constant__ unsigned char c_round_keys[176];

__global__ void aes_sub_rounds(unsigned char *data, const unsigned char *sbox_g,
                               unsigned int nblocks) {
  __shared__ unsigned char sbox[256];
  sbox[threadIdx.x] = sbox_g[threadIdx.x];
  sbox[threadIdx.x + 128] = sbox_g[threadIdx.x + 128];
  __syncthreads();
  for (unsigned int b = blockIdx.x * blockDim.x + threadIdx.x; b < nblocks;
       b += blockDim.x * gridDim.x) {
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
