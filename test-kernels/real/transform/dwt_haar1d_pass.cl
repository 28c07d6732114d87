//pass
//--local_size=256 --num_groups=4

// AMD APP SDK DwtHaar1D, first pass: each group loads 2 * 256 samples into local memory,
// then for each decomposition level the active half of the work items reads a pair of
// averages, (barrier), writes the new average back to local[lid] and the detail
// coefficient to its slot in the global output, halving the active count per level.
// signalLength = 2048: 1024 work items in groups of 256; tLevels = log2(2048), mLevels =
// log2(2 * 256), levelsDone = 0 for the first launch.
__kernel void dwtHaar1D(__global const float *inSignal, __global float *coefsSignal,
                        __global float *AverageSignal, __local float *sharedArray,
                        uint tLevels, uint signalLength, uint levelsDone, uint mLevels) {
  __requires(signalLength == 2048 && tLevels == 11 && mLevels == 9 && levelsDone == 0);
  uint lid = get_local_id(0), gid = get_group_id(0), lsize = get_local_size(0);
  float t0 = inSignal[gid * lsize * 2 + lid];
  float t1 = inSignal[gid * lsize * 2 + lsize + lid];
  if (levelsDone == 0) {
    t0 *= 0.70710678f;
    t1 *= 0.70710678f;
  }
  sharedArray[lid] = t0;
  sharedArray[lsize + lid] = t1;
  barrier(CLK_LOCAL_MEM_FENCE);

  uint levels = tLevels > mLevels ? mLevels : tLevels;
  uint activeThreads = (1u << levels) / 2;
  uint midOutPos = signalLength / 2;
  for (uint i = 0; i < levels; ++i) {
    float data0 = 0.0f, data1 = 0.0f;
    if (lid < activeThreads) {
      data0 = sharedArray[2 * lid];
      data1 = sharedArray[2 * lid + 1];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < activeThreads) {
      sharedArray[lid] = (data0 + data1) * 0.70710678f;
      coefsSignal[midOutPos + gid * activeThreads + lid] = (data0 - data1) * 0.70710678f;
    }
    midOutPos >>= 1;
    activeThreads >>= 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    AverageSignal[gid] = sharedArray[0];
}
