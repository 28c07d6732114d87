//pass
//--blockDim=256 --gridDim=128

// Parboil MRI-Q's ComputeQ, written from the public description: the Q matrix of a
// non-Cartesian MRI reconstruction. The k-space samples (Kx, Ky, Kz, |phi|^2) are copied to
// constant memory 1024 at a time and the kernel is launched once per chunk; every thread owns
// one voxel, loads its coordinates and running Qr/Qi into registers, loops over the chunk's
// samples accumulating |phi|^2 cos/sin(2 pi k.x), and writes Qr/Qi back at its own index.
// Small input: 32768 voxels, 3072 samples; 256-thread blocks, 32768 / 256 -> 128 blocks.
#define KERNEL_Q_THREADS_PER_BLOCK 256
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
