//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=1936
//error: possible [a-z-]+ race on changes

// The k-means assignment with the per-block change counter incremented by a plain
// `changes++`: threads whose points changed cluster race on it. 256-thread blocks, 1936
// blocks.
__global__ void kmeans_assign(const float *features, const float *clusters,
                              int *membership, int *block_changes, int npoints,
                              int nclusters, int nfeatures) {
  __shared__ int changes;
  if (threadIdx.x == 0)
    changes = 0;
  __syncthreads();
  int pt = blockIdx.x * blockDim.x + threadIdx.x;
  if (pt < npoints) {
    int index = 0;
    float min_dist = 3.402823466e+38f;
    for (int c = 0; c < nclusters; c++) {
      float dist = 0.0f;
      for (int f = 0; f < nfeatures; f++) {
        float diff = features[f * npoints + pt] - clusters[c * nfeatures + f];
        dist += diff * diff;
      }
      if (dist < min_dist) {
        min_dist = dist;
        index = c;
      }
    }
    if (membership[pt] != index)
      changes++;
    membership[pt] = index;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    block_changes[blockIdx.x] = changes;
}
