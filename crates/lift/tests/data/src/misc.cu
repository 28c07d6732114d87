// CUDA through the driver: bool memory, min/max/abs, float math and conversions, an
// undefined pointer on one path.
__global__ void misc(int *A, bool *flags, float *F) {
  __shared__ bool seen[64];
  int t = threadIdx.x;
  seen[t] = A[t] > 0;
  __syncthreads();
  int m = max(A[t], min(t, 5)) + abs(A[t]);
  if (seen[(t + 1) % 64] && flags[t])
    A[t] = m;
  F[t] = sqrtf((float)m) * 0.25f;
  int *p;
  if (t > 3)
    p = A + t;
  *p = (int)F[t];
}
