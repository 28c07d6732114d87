//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//error: possible [a-z-]+ race on eigenIntervals

// As `eigenvalue_bisect_pass.cl`, with the interval's slots computed as gid and gid + 1
// (the factor 2 of the (lower, upper) pairs forgotten): work item k writes its upper bound
// into slot k + 1 while work item k + 1 reads and writes its lower bound there, and at the
// group boundary (k = 63) the two work items are in different groups.
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
  uint lowerId = gid;
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
