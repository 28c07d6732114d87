//pass
//--local_size=256 --num_groups=128

// 256-bin histogram in local memory (local atomics), merged into the global histogram with
// global atomic_add, one bin per work item. 256 work items per group, 128 groups.
__kernel void histogram256(__global const uchar *data, __global uint *global_hist,
                           uint n) {
  __local uint hist[256];
  uint lid = get_local_id(0);
  hist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&hist[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(&global_hist[lid], hist[lid]);
}
