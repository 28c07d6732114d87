//xfail:NOT_ALL_VERIFIED
//--local_size=192 --num_groups=240
//error: possible write-atomic race on bins\[

// The twin: the bins are cleared without the barrier that orders the clearing before the
// loop's counting, so one work item's clearing races with another's count.
__kernel void count_bytes(__global uint *partial, __global const uint *data, uint count) {
  __local uint bins[192];
  uint lid = get_local_id(0);
  bins[lid] = 0;
  for (uint pos = get_global_id(0); pos < count; pos += get_global_size(0))
    atomic_inc(&bins[data[pos] % 192]);
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[get_group_id(0) * 192 + lid] = bins[lid];
}
