//pass
//--local_size=64 --num_groups=256

// 64-bin histogram (6-bit values) with one local histogram per group and local atomics, then
// a per-group partial histogram in global memory; 64 work items per group (one bin each for
// clearing and write-back), 256 groups, as in OpenCL histogram64 samples.
#define BINS 64

__kernel void histogram64(__global const uchar *data, __global uint *partial,
                          uint n) {
  __local uint hist[BINS];
  uint lid = get_local_id(0);
  hist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&hist[data[i] & (BINS - 1)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[get_group_id(0) * BINS + lid] = hist[lid];
}
