//pass
//--local_size=64 --num_groups=64

// Search of a sorted array of 1M uints for one key, after the public description of the
// AMD APP SDK's BinarySearch sample: the array is cut into 4096 subdivisions of 256
// elements, one per work item; a work item whose subdivision's bounds bracket the key
// binary-searches it, and every work item records its outcome (subdivision, index, hit,
// bracketed) in its own slot of the result array, which the host scans. 64 work items per
// group, 64 groups.
__kernel void binarySearch(__global uint4 *result, __global const uint *sortedArray,
                           const uint findMe, const uint subdivSize, const uint n) {
  __requires(subdivSize == 256 && n == 1048576);
  uint gid = get_global_id(0);
  uint lo = gid * subdivSize;
  uint hi = lo + subdivSize - 1;
  uint4 r = (uint4)(gid, 0, 0, 0);
  if (sortedArray[lo] <= findMe && findMe <= sortedArray[hi]) {
    while (lo < hi) {
      uint mid = lo + (hi - lo) / 2;
      if (sortedArray[mid] < findMe)
        lo = mid + 1;
      else
        hi = mid;
    }
    r.y = lo;
    r.z = sortedArray[lo] == findMe ? 1 : 0;
    r.w = 1;
  }
  result[gid] = r;
}
