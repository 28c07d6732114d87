//pass
//--blockDim=256 --gridDim=1936

// k-means feature layout swap (point-major to feature-major, so the assignment kernel's
// reads coalesce), one thread per point, as the swap kernel in Rodinia's k-means is
// described. 256-thread blocks, 1936 blocks.
__global__ void kmeans_swap(const float *feature, float *feature_swap, int npoints,
                            int nfeatures) {
  __requires(npoints > 0 && npoints <= gridDim.x * blockDim.x);
  __requires(nfeatures > 0 && nfeatures <= 64);
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= npoints)
    return;
  for (int i = 0; i < nfeatures; i++)
    feature_swap[i * npoints + tid] = feature[tid * nfeatures + i];
}
