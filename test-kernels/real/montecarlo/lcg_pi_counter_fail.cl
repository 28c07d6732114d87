//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=128
//error: possible [a-z-]+ race on hits

// Monte Carlo pi where each hit is counted straight into one local counter with a plain
// `hits[0]++` (no atomic): work items of a group race on it. 256 work items, 128 groups.
uint lcg(uint *state) {
  *state = *state * 1664525u + 1013904223u;
  return *state;
}

__kernel void mc_pi(__global uint *rng, __global uint *hits_per_group, uint samples) {
  __local uint hits[1];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  if (lid == 0)
    hits[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint state = rng[gid];
  for (uint s = 0; s < samples; s++) {
    float x = (lcg(&state) >> 8) * (1.0f / 16777216.0f);
    float y = (lcg(&state) >> 8) * (1.0f / 16777216.0f);
    if (x * x + y * y <= 1.0f)
      hits[0]++;
  }
  rng[gid] = state;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    hits_per_group[get_group_id(0)] = hits[0];
}
