//pass
//--local_size=64 --num_groups=4

// Bisection refinement of eigenvalue intervals of a symmetric tridiagonal matrix, after
// the public description of the AMD APP SDK's EigenValue sample: interval k is stored as
// (eigenIntervals[2k], eigenIntervals[2k + 1]); work item k repeatedly halves its own
// interval, keeping the half whose Sturm count (number of eigenvalues below a point,
// computed from the diagonal and the squared off-diagonal) shows it still holds an
// eigenvalue, until it is narrower than the tolerance or the iteration cap is reached,
// and stores the result back in its own two slots. 256x256 matrix, one interval per
// work item: 64 work items per group, 4 groups.
uint calNumEigenValuesLessThan(__global const float *diagonal,
                               __global const float *offDiagonal, const uint width,
                               const float x) {
  uint count = 0;
  float prev_diff = diagonal[0] - x;
  count += (prev_diff < 0) ? 1 : 0;
  for (uint i = 1; i < width; i += 1) {
    float diff = (diagonal[i] - x) - ((offDiagonal[i - 1] * offDiagonal[i - 1]) / prev_diff);
    count += (diff < 0) ? 1 : 0;
    prev_diff = diff;
  }
  return count;
}

__kernel void refineEigenIntervals(__global float *eigenIntervals,
                                   __global const float *diagonal,
                                   __global const float *offDiagonal, const uint width,
                                   const float tolerance, const uint maxIter) {
  __requires(width == 256 && maxIter <= 64);
  uint gid = get_global_id(0);
  uint lowerId = 2 * gid;
  uint upperId = lowerId + 1;
  float lower = eigenIntervals[lowerId];
  float upper = eigenIntervals[upperId];
  uint lowerCount = calNumEigenValuesLessThan(diagonal, offDiagonal, width, lower);
  for (uint it = 0; it < maxIter && upper - lower >= tolerance; it++) {
    float mid = (lower + upper) / 2.0f;
    uint midCount = calNumEigenValuesLessThan(diagonal, offDiagonal, width, mid);
    if (midCount > lowerCount)
      upper = mid;
    else {
      lower = mid;
      lowerCount = midCount;
    }
  }
  eigenIntervals[lowerId] = lower;
  eigenIntervals[upperId] = upper;
}
