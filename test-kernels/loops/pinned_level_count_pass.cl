//pass
//--local_size=256 --num_groups=4

// A Haar-wavelet level loop whose count is a parameter the precondition pins: level l
// writes [1024 >> l, 2048 >> l), group g its slice g * (256 >> l). Nine levels, more than
// --unroll covers: the loop is unrolled completely once `levels` is written as 9.
__kernel void levels_pinned(__global float *coefs, uint levels) {
  __requires(levels == 9);
  uint lid = get_local_id(0), gid = get_group_id(0);
  uint active = 256;
  uint mid = 1024;
  for (uint i = 0; i < levels; ++i) {
    if (lid < active)
      coefs[mid + gid * active + lid] = (float)lid;
    mid >>= 1;
    active >>= 1;
  }
}
