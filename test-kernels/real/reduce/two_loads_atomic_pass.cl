//pass
//--local_size=128 --num_groups=256

// Integer sum: each work item loads two elements (first add during load), the group
// reduces in local memory, and work item 0 adds the group's sum to the total with a global
// atomic. 128 work items per group, 256 groups (64K elements).
__kernel void reduce_atomic(__global const int *in, volatile __global int *total) {
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
    atomic_add(total, buf[0]);
}
