//pass
//--local_size=128 --num_groups=32

// Many small Mersenne Twisters in parallel, after the public description of the CUDA/OpenCL
// samples' MersenneTwister (dynamically created MT607 generators): each of the 4096 work
// items loads its own generator's parameters (twist matrix, tempering masks, seed),
// initialises a 19-word state in a private array, and produces nPerRng outputs, twisting
// one state word and tempering it per output. Outputs are interleaved: output k of
// generator g goes to d_Rand[g + k * 4096], so each generator owns one residue class.
// 128 work items per group, 32 groups; 24M outputs in all (nPerRng = 5860).
#define MT_RNG_COUNT 4096
#define MT_MM 9
#define MT_NN 19
#define MT_UMASK 0xFFFFFFFEU
#define MT_LMASK 0x1U
#define MT_SHIFT0 12
#define MT_SHIFTB 7
#define MT_SHIFTC 15
#define MT_SHIFT1 18

typedef struct {
  unsigned int matrix_a;
  unsigned int mask_b;
  unsigned int mask_c;
  unsigned int seed;
} mt_params;

__kernel void mersenne_twister(__global float *d_Rand, __global const mt_params *d_MT,
                               int nPerRng) {
  __requires(nPerRng == 5860);
  int iRng = get_global_id(0);
  unsigned int mt[MT_NN];
  unsigned int matrix_a = d_MT[iRng].matrix_a;
  unsigned int mask_b = d_MT[iRng].mask_b;
  unsigned int mask_c = d_MT[iRng].mask_c;

  mt[0] = d_MT[iRng].seed;
  for (int iState = 1; iState < MT_NN; iState++)
    mt[iState] = 1812433253U * (mt[iState - 1] ^ (mt[iState - 1] >> 30)) + iState;

  int iState = 0;
  unsigned int mti1 = mt[0];
  for (int iOut = 0; iOut < nPerRng; iOut++) {
    int iState1 = iState + 1;
    int iStateM = iState + MT_MM;
    if (iState1 >= MT_NN)
      iState1 -= MT_NN;
    if (iStateM >= MT_NN)
      iStateM -= MT_NN;
    unsigned int mti = mti1;
    mti1 = mt[iState1];
    unsigned int mtiM = mt[iStateM];
    unsigned int x = (mti & MT_UMASK) | (mti1 & MT_LMASK);
    x = mtiM ^ (x >> 1) ^ ((x & 1) ? matrix_a : 0);
    mt[iState] = x;
    iState = iState1;

    x ^= (x >> MT_SHIFT0);
    x ^= (x << MT_SHIFTB) & mask_b;
    x ^= (x << MT_SHIFTC) & mask_c;
    x ^= (x >> MT_SHIFT1);
    d_Rand[iRng + iOut * MT_RNG_COUNT] = ((float)x + 1.0f) / 4294967296.0f;
  }
}
