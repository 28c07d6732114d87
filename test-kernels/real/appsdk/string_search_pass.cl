//pass
//--local_size=256 --num_groups=4096

// Naive substring search, after the public description of the AMD APP SDK's StringSearch
// sample: one candidate position of a 1M-character text per work item; a work item whose
// position matches the pattern (up to 16 characters, case-sensitive) reserves an output
// slot with atomic_inc on the global match counter and writes its position there, so
// every match lands in its own slot. 256 work items per group, 4096 groups.
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
    uint slot = atomic_inc(resultCount);
    resultBuffer[slot] = pos;
  }
}
