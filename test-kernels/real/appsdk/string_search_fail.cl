//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4096
//error: possible [a-z-]+ race on resultCount

// As `string_search_pass.cl`, reserving the output slot with a plain read-increment-write
// of the match counter instead of atomic_inc: two matching work items race on
// resultCount (and may then write their positions into the same slot).
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
    uint slot = *resultCount;
    *resultCount = slot + 1;
    resultBuffer[slot] = pos;
  }
}
