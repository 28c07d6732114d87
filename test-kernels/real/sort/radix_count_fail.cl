//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=256
//error: possible [a-z-]+ race on hist

// BROKEN TWIN: the barrier after clearing the histogram is missing, so a clearing store
// races with another work item's atomic_inc.
// First pass of an LSD radix sort step (4-bit digit): each group counts the digits of its
// 256 keys in a 16-bucket local histogram with local atomics and writes the counts
// bucket-major (counts[bucket * groups + group]) for the following scan. 256 work items per
// group, 256 groups (64K keys), as radix sort samples size their blocks.
#define BUCKETS 16

__kernel void radix_count(__global const uint *keys, __global uint *counts, uint shift,
                          uint n) {
  __local uint hist[BUCKETS];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  if (lid < BUCKETS)
    hist[lid] = 0;
  if (gid < n)
    atomic_inc(&hist[(keys[gid] >> shift) & (BUCKETS - 1)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid < BUCKETS)
    counts[lid * get_num_groups(0) + get_group_id(0)] = hist[lid];
}
