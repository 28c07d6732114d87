//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=256
//error: possible [a-z-]+ race on hist

// The 64-bin histogram with a plain `hist[bin]++` instead of a local atomic: two work items
// with the same bin race on it. 64 work items per group, 256 groups.
#define BINS 64

__kernel void histogram64(__global const uchar *data, __global uint *partial,
                          uint n) {
  __local uint hist[BINS];
  uint lid = get_local_id(0);
  hist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    hist[data[i] & (BINS - 1)]++;
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[get_group_id(0) * BINS + lid] = hist[lid];
}
