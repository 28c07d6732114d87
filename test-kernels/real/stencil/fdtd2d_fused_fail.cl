//xfail:NOT_ALL_VERIFIED
//--local_size=[32,8] --num_groups=[64,256]
//error: possible [a-z-]+ race on (ey|hz)

// fdtd-2d with the ey and hz updates fused into one kernel to save a launch: the hz update
// reads ey of the row below, which another work item (possibly of another group) updates in
// the same launch. 32x8 work groups, 64x256 groups (2048x2048 grid).
__kernel void fdtd_fused(__global float *ey, __global float *hz, __global const float *ex,
                         int nx, int ny) {
  __requires(ny == get_global_size(0) && nx == get_global_size(1));
  int j = get_global_id(0), i = get_global_id(1);
  if (i > 0)
    ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
  if (i < nx - 1 && j < ny - 1)
    hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] +
                                              ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
