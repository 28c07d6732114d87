//pass
//--local_size=[32,8] --num_groups=[64,256]

// PolyBench fdtd-2d time step as three kernels launched one after the other (ey, ex, then
// hz updates), each reading only fields the others write: 32x8 work groups over a
// 2048x2048 grid (64x256 groups). ny is the row length (x), nx the number of rows (y).
__kernel void fdtd_ey(__global float *ey, __global const float *hz,
                      __global const float *fict, int nx, int ny, int t) {
  __requires(ny == get_global_size(0) && nx == get_global_size(1));
  int j = get_global_id(0), i = get_global_id(1);
  if (i == 0)
    ey[j] = fict[t];
  else
    ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
}

__kernel void fdtd_ex(__global float *ex, __global const float *hz, int nx, int ny) {
  __requires(ny == get_global_size(0) && nx == get_global_size(1));
  int j = get_global_id(0), i = get_global_id(1);
  if (j > 0)
    ex[i * ny + j] = ex[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
}

__kernel void fdtd_hz(__global float *hz, __global const float *ex,
                      __global const float *ey, int nx, int ny) {
  __requires(ny == get_global_size(0) && nx == get_global_size(1));
  int j = get_global_id(0), i = get_global_id(1);
  if (i < nx - 1 && j < ny - 1)
    hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] +
                                              ey[(i + 1) * ny + j] - ey[i * ny + j]);
}
