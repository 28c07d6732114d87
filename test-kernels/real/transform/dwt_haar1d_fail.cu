//xfail:NOT_ALL_VERIFIED
//--blockDim=512 --gridDim=1024

// As dwt_haar1d_pass.cu, without the barrier between reading the sample pair and storing
// the padded approximation in place: thread 1 stores shared[1] while thread 0 may still be
// reading shared[1] as its data1.
// CUDA samples' dwtHaar1D, written from the public description: one decomposition pass of a
// 2^20-sample signal, 512-thread blocks each owning 1024 samples (1024 blocks). A block
// stages its samples in (dynamic) shared memory, each thread forms one approximation and one
// detail coefficient, the approximations are stored back with a bank-conflict padding of
// one word per 32, and the remaining levels run in place with the active threads halving
// each level (a barrier per level). Details of level l go to od at offset gdim * bdim >> l.
#define LOG_NUM_BANKS 5
#define INV_SQRT_2 0.70710678118654752440f

__global__ void dwtHaar1D(float *id, float *od, float *approx_final, const unsigned int dlevels,
                          const unsigned int slength_step_half, const int bdim) {
  __requires(bdim == 512 && dlevels == 10 && slength_step_half == 1024 * 512);
  extern __shared__ float shared[];
  const int gdim = gridDim.x;
  const int bid = blockIdx.x;
  const int tid = threadIdx.x;
  const int tid_global = bid * bdim + tid;
  unsigned int idata = bid * (2 * bdim) + tid;
  shared[tid] = id[idata];
  shared[tid + bdim] = id[idata + bdim];
  __syncthreads();
  float data0 = shared[2 * tid];
  float data1 = shared[2 * tid + 1];
  od[tid_global + slength_step_half] = (data0 - data1) * INV_SQRT_2;
  unsigned int atid = tid + (tid >> LOG_NUM_BANKS);
  shared[atid] = (data0 + data1) * INV_SQRT_2;
  __syncthreads();
  if (dlevels > 1) {
    unsigned int offset_neighbor = 1;
    unsigned int num_threads = bdim >> 1;
    unsigned int idata0 = tid * 2;
    for (unsigned int i = 1; i < dlevels; ++i) {
      if (tid < num_threads) {
        unsigned int idata1 = idata0 + offset_neighbor;
        unsigned int g_wpos = (num_threads * gdim) + (bid * num_threads) + tid;
        unsigned int c_idata0 = idata0 + (idata0 >> LOG_NUM_BANKS);
        unsigned int c_idata1 = idata1 + (idata1 >> LOG_NUM_BANKS);
        od[g_wpos] = (shared[c_idata0] - shared[c_idata1]) * INV_SQRT_2;
        shared[c_idata0] = (shared[c_idata0] + shared[c_idata1]) * INV_SQRT_2;
      }
      num_threads = num_threads >> 1;
      offset_neighbor <<= 1;
      idata0 = idata0 << 1;
      __syncthreads();
    }
    if (0 == tid)
      approx_final[bid] = shared[0];
  }
}
