//pass
//--blockDim=128 --gridDim=512

// Point-major to feature-major: thread `tid` writes out[i * npoints + tid] for each feature i,
// a stride through a parameter. Distinct threads write distinct elements because
// tid < npoints. Houdini's candidate "the log holds the offset at the recorded i" is
// preserved only if the solver sees `ite(logged, i, at) * npoints` as the products it
// already has (`i * npoints`, `at * npoints`), not as a third multiplier.
__global__ void feature_major_swap(const float *in, float *out, int npoints, int nfeatures) {
  __requires(npoints > 0 && npoints <= gridDim.x * blockDim.x);
  __requires(nfeatures > 0 && nfeatures <= 32);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= npoints)
    return;
  for (int i = 0; i < nfeatures; i++)
    out[i * npoints + tid] = in[tid * nfeatures + i];
}
