//pass
//--blockDim=256 --gridDim=64

// Eigenvalues of symmetric tridiagonal matrices by bisection, a reduced form of the CUDA
// samples' eigenvalues after its public description: the block loads the matrix's diagonal
// and squared off-diagonal into shared memory, and after a barrier thread k bisects the
// Gerschgorin interval [lg, ug] for the k-th smallest eigenvalue, counting eigenvalues
// below the midpoint with a Sturm sequence over the whole matrix. One 256x256 matrix per
// block: 256-thread blocks, 64 matrices.
#define N 256
#define ITERS 40

__device__ unsigned int count_below(const float *s_d, const float *s_s2, float x) {
  unsigned int count = 0;
  float delta = s_d[0] - x;
  if (delta < 0.0f)
    count++;
  for (unsigned int i = 1; i < N; i++) {
    if (delta == 0.0f)
      delta = 1e-30f;
    delta = s_d[i] - x - s_s2[i] / delta;
    if (delta < 0.0f)
      count++;
  }
  return count;
}

__global__ void eigen_bisect(const float *g_d, const float *g_s, const float *g_lg,
                             const float *g_ug, float *g_eig) {
  __shared__ float s_d[N];
  __shared__ float s_s2[N];
  unsigned int t = threadIdx.x;
  unsigned int m = blockIdx.x;
  s_d[t] = g_d[m * N + t];
  // off-diagonal element i couples rows i - 1 and i; element 0 is unused
  float s = t > 0 ? g_s[m * N + t - 1] : 0.0f;
  s_s2[t] = s * s;
  __syncthreads();

  float lo = g_lg[m], hi = g_ug[m];
  for (int it = 0; it < ITERS; it++) {
    float mid = 0.5f * (lo + hi);
    if (count_below(s_d, s_s2, mid) > t)
      hi = mid;
    else
      lo = mid;
  }
  g_eig[m * N + t] = 0.5f * (lo + hi);
}
