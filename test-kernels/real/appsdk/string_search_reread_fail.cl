//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4096
//error: possible [a-z-]+ race on (resultBuffer|resultCount)

// As `string_search_pass.cl`, incrementing the counter atomically but discarding
// atomic_inc's result and re-reading the counter for the slot: the plain read races with
// other work items' atomic increments, and two matches that read the counter after both
// increments write their positions into the same slot.
__kernel void stringSearchNaive(__global const uchar *text, const uint textLength,
                                __global const uchar *pattern, const uint patternLength,
                                __global uint *resultBuffer, __global uint *resultCount) {
  __requires(textLength == 1048576 && patternLength >= 1 && patternLength <= 16);
  uint pos = get_global_id(0);
  if (pos + patternLength > textLength)
    return;
  uint i = 0;
  while (i < patternLength && text[pos + i] == pattern[i])
    i++;
  if (i == patternLength) {
    atomic_inc(resultCount);
    resultBuffer[*resultCount - 1] = pos;
  }
}
