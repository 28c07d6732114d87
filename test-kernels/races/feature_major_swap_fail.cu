//xfail:NOT_ALL_VERIFIED
//--blockDim=128 --gridDim=512

// The twin of feature_major_swap_pass.cu with an off-by-one guard: thread tid == npoints
// also writes, and its out[i * npoints + npoints] is out[(i + 1) * npoints + 0], which
// thread 0 writes for feature i + 1.
__global__ void feature_major_swap(const float *in, float *out, int npoints, int nfeatures) {
  __requires(npoints > 0 && npoints < gridDim.x * blockDim.x);
  __requires(nfeatures > 1 && nfeatures <= 32);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid > npoints)
    return;
  for (int i = 0; i < nfeatures; i++)
    out[i * npoints + tid] = in[tid * nfeatures + i];
}
