//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//error: possible [a-z-]+ race on sums

// The first multi-block scan pass with the group total stored at sums[local id] rather than
// sums[group id]: the last work item of every group writes sums[255] (different values
// from different groups). 256 work items, 128 groups.
__kernel void block_scan(__global const uint *in, __global uint *out,
                         __global uint *sums) {
  __local uint buf[256];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  buf[lid] = in[gid];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint d = 1; d < 256; d <<= 1) {
    uint v = 0;
    if (lid >= d)
      v = buf[lid - d];
    barrier(CLK_LOCAL_MEM_FENCE);
    buf[lid] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  out[gid] = buf[lid];
  if (lid == get_local_size(0) - 1)
    sums[lid] = buf[lid];
}
