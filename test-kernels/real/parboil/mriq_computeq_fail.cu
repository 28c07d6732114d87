//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=128
//error: possible [a-z-]+ race on Q[ri]

// As `mriq_computeq_pass.cu`, but the kernel's block-size constant was left at 128 (from a
// tuning run) while the host still launches 256-thread blocks of 128 blocks: thread 128 of
// block 0 and thread 0 of block 1 both own voxel 128, and one's read-modify-write of
// Qr/Qi races with the other's (different blocks, so no barrier could order them).
#define KERNEL_Q_THREADS_PER_BLOCK 128
#define KERNEL_Q_K_ELEMS_PER_GRID 1024
#define PIx2 6.2831853071795864769252867665590058f

struct kValues {
  float Kx, Ky, Kz, PhiMag;
};
__constant__ kValues ck[KERNEL_Q_K_ELEMS_PER_GRID];

__global__ void ComputeQ_GPU(int numK, int kGlobalIndex, const float *x, const float *y,
                             const float *z, float *Qr, float *Qi) {
  __requires(numK == 3072);
  __requires(kGlobalIndex >= 0 && kGlobalIndex < numK);
  int xIndex = blockIdx.x * KERNEL_Q_THREADS_PER_BLOCK + threadIdx.x;
  float sX = x[xIndex];
  float sY = y[xIndex];
  float sZ = z[xIndex];
  float sQr = Qr[xIndex];
  float sQi = Qi[xIndex];
  for (int kIndex = 0; kIndex < KERNEL_Q_K_ELEMS_PER_GRID && kGlobalIndex < numK;
       kIndex++, kGlobalIndex++) {
    float expArg = PIx2 * (ck[kIndex].Kx * sX + ck[kIndex].Ky * sY + ck[kIndex].Kz * sZ);
    float cosArg = cosf(expArg);
    float sinArg = sinf(expArg);
    float phi = ck[kIndex].PhiMag;
    sQr += phi * cosArg;
    sQi += phi * sinArg;
  }
  Qr[xIndex] = sQr;
  Qi[xIndex] = sQi;
}
