//pass
//--blockDim=256 --gridDim=1936

// k-means-style distance computation reading point features through a 1-D texture
// (tex1Dfetch), as Rodinia's CUDA k-means binds its feature array to a texture: one thread
// per point, 256-thread blocks, 1936 blocks.
texture<float, 1, cudaReadModeElementType> t_features;

__global__ void nearest(const float *clusters, int *membership, int npoints, int nclusters,
                        int nfeatures) {
  int pt = blockIdx.x * blockDim.x + threadIdx.x;
  if (pt >= npoints)
    return;
  int best = 0;
  float best_d = 3.4e38f;
  for (int c = 0; c < nclusters; c++) {
    float d = 0.0f;
    for (int f = 0; f < nfeatures; f++) {
      float diff = tex1Dfetch(t_features, f * npoints + pt) - clusters[c * nfeatures + f];
      d += diff * diff;
    }
    if (d < best_d) {
      best_d = d;
      best = c;
    }
  }
  membership[pt] = best;
}
