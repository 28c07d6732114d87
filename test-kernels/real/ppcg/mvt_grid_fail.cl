//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=16
//error: possible (write-read|read-write) race on shared_y_1

// As `mvt_grid_pass.cl` without the barrier after the tile's products: a fast work item
// loads the next tile of y1 over the one its neighbours are still reading.
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global float *A, __global float *x1, __global const float *y_1) {
  int b0 = get_group_id(0);
  int t0 = get_local_id(0);
  __local float shared_y_1[32];
  float private_x1[1];
  for (int c0 = 32 * b0; c0 <= 3999; c0 += 512) {
    if (c0 + t0 <= 3999)
      private_x1[0] = x1[c0 + t0];
    for (int c1 = 0; c1 <= 3999; c1 += 32) {
      if (c1 + t0 <= 3999)
        shared_y_1[t0] = y_1[c1 + t0];
      barrier(CLK_LOCAL_MEM_FENCE);
      if (c0 + t0 <= 3999)
        for (int c3 = 0; c3 <= ppcg_min(31, -c1 + 3999); c3 += 1)
          private_x1[0] += A[(c0 + t0) * 4000 + (c1 + c3)] * shared_y_1[c3];
    }
    if (c0 + t0 <= 3999)
      x1[c0 + t0] = private_x1[0];
  }
}
