//pass
//--blockDim=128 --gridDim=782

// Forward and reverse reaction rates of a chemistry kernel, after the public description
// of SHOC's S3D benchmark (the ratt/rdsmh kernels of a combustion code): one thread per
// grid point reads the temperature and pressure, then a long straight-line block computes
// Arrhenius forward rates exp(A + b log T - E/T) and reverse rates from equilibrium
// constants built from the exp-Gibbs values of the species, all in struct-of-arrays form
// (reaction k of point i at i + k * n). 100,000 grid points; the grid is rounded up to 782
// blocks of 128 threads, so the threads past n return first.
#define NR 16
#define NSP 9
#define RF(k) rf[i + (k) * n]
#define RB(k) rb[i + (k) * n]
#define EG(s) eg[i + (s) * n]
#define ARRH(k, A, b, E) RF(k) = __expf((A) + (b) * alogT - (E) * tinv)
#define REV2(k, s1, s2, s3, s4) \
  RB(k) = RF(k) / fmaxf(EG(s1) * EG(s2) / (EG(s3) * EG(s4)), 1e-30f)
#define REV3(k, s1, s2, s3) \
  RB(k) = RF(k) / fmaxf(EG(s1) * EG(s2) / EG(s3) * pfac, 1e-30f)

__global__ void ratt(const float *T, const float *P, const float *eg, float *rf, float *rb,
                     int n) {
  __requires(n == 100000);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float tmp = T[i];
  float alogT = __logf(tmp);
  float tinv = 1.0f / tmp;
  float pfac = 1.01325e6f / (8.31451e7f * tmp) * P[i];

  ARRH(0, 3.20498617e1f, -7.0e-1f, 8.59020051e3f);
  ARRH(1, 1.08197783e1f, 1.0e0f, 3.16300604e3f);
  ARRH(2, 1.90218885e1f, 1.51e0f, 1.72603317e3f);
  ARRH(3, 1.04940533e1f, 2.4e0f, -1.06178717e3f);
  ARRH(4, 4.20469135e1f, -1.0e0f, 0.0f);
  ARRH(5, 4.29860862e1f, -1.1e0f, 0.0f);
  ARRH(6, 3.90385861e1f, -6.0e-1f, 0.0f);
  ARRH(7, 4.34459373e1f, -1.4e0f, 5.22475233e4f);
  ARRH(8, 2.97748468e1f, 0.0f, 4.32893283e2f);
  ARRH(9, 3.19350862e1f, 0.0f, 1.50965723e2f);
  ARRH(10, 3.05595333e1f, 0.0f, 8.65513624e1f);
  ARRH(11, 3.14728032e1f, 0.0f, -2.51608558e2f);
  ARRH(12, 2.95143951e1f, 0.0f, -2.45470163e2f);
  ARRH(13, 3.40312786e1f, 0.0f, 8.12769634e3f);
  ARRH(14, 1.63391968e1f, 2.0e0f, 2.61672667e3f);
  ARRH(15, 2.93651844e1f, 0.0f, 1.81169894e3f);

  REV2(0, 3, 4, 2, 5);
  REV2(1, 2, 5, 1, 3);
  REV2(2, 1, 5, 0, 3);
  REV2(3, 5, 5, 3, 6);
  REV3(4, 0, 0, 1);
  REV3(5, 1, 1, 3);
  REV3(6, 0, 3, 6);
  REV3(7, 0, 5, 6);
  REV2(8, 1, 7, 0, 3);
  REV2(9, 2, 7, 3, 5);
  REV2(10, 1, 7, 5, 5);
  REV2(11, 5, 7, 6, 3);
  REV2(12, 7, 7, 8, 3);
  REV2(13, 8, 1, 6, 7);
  REV2(14, 8, 2, 7, 1);
  REV2(15, 8, 5, 7, 6);
}
