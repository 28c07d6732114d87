//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=4
//error: possible write-write race on coefs
//confirmed by execution
//with parameter values levels = 9

// As pinned_level_count_pass.cl, but the output position is halved twice per level while
// the active count is halved once: from level 1 on, a level's slices overlap the last.
// The race is found in the completely unrolled program, which reports and replays the
// pinned value of `levels`.
__kernel void levels_pinned(__global float *coefs, uint levels) {
  __requires(levels == 9);
  uint lid = get_local_id(0), gid = get_group_id(0);
  uint active = 256;
  uint mid = 1024;
  for (uint i = 0; i < levels; ++i) {
    if (lid < active)
      coefs[mid + gid * active + lid] = (float)lid;
    mid >>= 2;
    active >>= 1;
  }
}
