//pass
//--local_size=256 --num_groups=1930

// OpenCL k-means assignment with the centroids staged in local memory: the group copies
// nclusters * nfeatures floats with a strided loop, waits, then every work item finds its
// point's nearest centroid. 256 work items per group, 1930 groups (494,020 points); the
// centroids must fit the 2048-float local buffer (__requires).
__kernel void kmeans_assign(__global const float *features, __global const float *clusters,
                            __global int *membership, int npoints, int nclusters,
                            int nfeatures) {
  __local float c_local[2048];
  __requires(nclusters > 0 && nfeatures > 0 && nclusters <= 64 && nfeatures <= 32);
  int lid = get_local_id(0);
  for (int i = lid; i < nclusters * nfeatures; i += get_local_size(0))
    c_local[i] = clusters[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  int pt = get_global_id(0);
  if (pt < npoints) {
    int index = 0;
    float min_dist = FLT_MAX;
    for (int c = 0; c < nclusters; c++) {
      float dist = 0.0f;
      for (int f = 0; f < nfeatures; f++) {
        float diff = features[pt * nfeatures + f] - c_local[c * nfeatures + f];
        dist += diff * diff;
      }
      if (dist < min_dist) {
        min_dist = dist;
        index = c;
      }
    }
    membership[pt] = index;
  }
}
