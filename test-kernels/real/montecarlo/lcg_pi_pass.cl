//pass
//--local_size=256 --num_groups=128

// Monte Carlo estimate of pi with a per-work-item linear congruential generator whose state
// lives in a global array (loaded once, stored back at the end); hits are summed per group
// in local memory. 256 work items per group, 128 groups.
uint lcg(uint *state) {
  *state = *state * 1664525u + 1013904223u;
  return *state;
}

__kernel void mc_pi(__global uint *rng, __global uint *hits_per_group, uint samples) {
  __local uint hits[256];
  uint lid = get_local_id(0);
  uint gid = get_global_id(0);
  uint state = rng[gid];
  uint count = 0;
  for (uint s = 0; s < samples; s++) {
    float x = (lcg(&state) >> 8) * (1.0f / 16777216.0f);
    float y = (lcg(&state) >> 8) * (1.0f / 16777216.0f);
    if (x * x + y * y <= 1.0f)
      count++;
  }
  rng[gid] = state;
  hits[lid] = count;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 128; s > 0; s >>= 1) {
    if (lid < s)
      hits[lid] += hits[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0)
    hits_per_group[get_group_id(0)] = hits[0];
}
