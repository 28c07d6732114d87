//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//error: possible [a-z-]+ race on global_hist

// 256-bin histogram in local memory whose final write-back to the global histogram is done
// with plain adds instead of atomics: work item b of every group reads and writes
// global_hist[b] (a race between groups). 256 work items per group, 128 groups.
__kernel void histogram256(__global const uchar *data, __global uint *global_hist,
                           uint n) {
  __local uint hist[256];
  uint lid = get_local_id(0);
  hist[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0))
    atomic_inc(&hist[data[i]]);
  barrier(CLK_LOCAL_MEM_FENCE);
  global_hist[lid] += hist[lid];
}
