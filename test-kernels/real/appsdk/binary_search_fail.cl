//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=64
//error: possible [a-z-]+ race on result

// As `binary_search_pass.cl`, but with the found index written to the single slot
// result[0] by whichever work item finds the key, assuming exactly one subdivision
// brackets it: when the key is repeated across a subdivision boundary (sortedArray[255]
// == sortedArray[256] == findMe) work items 0 and 1 both write result[0] with different
// values.
__kernel void binarySearch(__global uint4 *result, __global const uint *sortedArray,
                           const uint findMe, const uint subdivSize, const uint n) {
  __requires(subdivSize == 256 && n == 1048576);
  uint gid = get_global_id(0);
  uint lo = gid * subdivSize;
  uint hi = lo + subdivSize - 1;
  if (sortedArray[lo] > findMe || findMe > sortedArray[hi])
    return;
  while (lo < hi) {
    uint mid = lo + (hi - lo) / 2;
    if (sortedArray[mid] < findMe)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (sortedArray[lo] == findMe)
    result[0] = (uint4)(gid, lo, 1, 1);
}
