//pass
//--local_size=256 --num_groups=128

// First pass of a large multi-block scan (as in the OpenCL prefix-sum samples): each group
// scans its 256 elements in local memory (Hillis-Steele with a read/write barrier pair) and
// its last work item writes the group total to sums[group]. 256 work items, 128 groups.
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
    sums[get_group_id(0)] = buf[lid];
}
