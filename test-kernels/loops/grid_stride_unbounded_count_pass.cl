//pass
//--local_size=192 --num_groups=240

// A grid-stride loop to a count nothing bounds (no precondition): 240 groups of 192 work
// items step by 46,080, not a power of two, so the counter may step past 2^32 and wrap
// while still below the count. Its linear form holds only as 32-bit arithmetic, and that is
// the form lockstep proposes here (the 64-bit one is false). The loop reads the count in
// its body too, which does not bound it. It only counts into the group's own bins with
// atomics; the bins are then copied out per group.
__kernel void count_bytes(__global uint *partial, __global const uint *data, uint count) {
  __local uint bins[192];
  uint lid = get_local_id(0);
  bins[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint pos = get_global_id(0); pos < count; pos += get_global_size(0))
    atomic_inc(&bins[(data[pos] ^ count) % 192]);
  barrier(CLK_LOCAL_MEM_FENCE);
  partial[get_group_id(0) * 192 + lid] = bins[lid];
}
