//xfail:NOT_ALL_VERIFIED
//--local_size=128 --num_groups=256
//error: possible [a-z-]+ race on total

// The atomic-total reduction with the final atomic_add replaced by a plain `+=`: work
// item 0 of every group reads and writes total[0] unsynchronised. 128 work items per
// group, 256 groups.
__kernel void reduce_atomic(__global const int *in, __global int *total) {
  __local int buf[128];
  unsigned int lid = get_local_id(0);
  unsigned int base = get_group_id(0) * get_local_size(0) * 2 + lid;
  buf[lid] = in[base] + in[base + get_local_size(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (unsigned int s = 64; s > 0; s >>= 1) {
    if (lid < s)
      buf[lid] += buf[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    total[0] += buf[0];
}
