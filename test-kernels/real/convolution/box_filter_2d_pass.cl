//pass
//--local_size=[16,16] --num_groups=[64,64]

// 2-D box filter (mean over a (2R+1)^2 window, R = 2) through a local tile with a 2-pixel
// apron, loaded cooperatively by a strided loop over the 20x20 tile; 16x16 work groups over
// a 1024x1024 image (64x64 groups), borders clamped.
#define R 2
#define TW 16
#define TILE (TW + 2 * R)

__kernel void box_filter(__global const float *in, __global float *out, int w, int h) {
  __requires(w == get_global_size(0) && h == get_global_size(1));
  __local float tile[TILE][TILE];
  int lx = get_local_id(0), ly = get_local_id(1);
  int ox = get_group_id(0) * TW - R, oy = get_group_id(1) * TW - R;
  for (int i = ly * TW + lx; i < TILE * TILE; i += TW * TW) {
    int tx = i % TILE, ty = i / TILE;
    int gx = clamp(ox + tx, 0, w - 1), gy = clamp(oy + ty, 0, h - 1);
    tile[ty][tx] = in[gy * w + gx];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  float sum = 0.0f;
  for (int dy = 0; dy <= 2 * R; dy++)
    for (int dx = 0; dx <= 2 * R; dx++)
      sum += tile[ly + dy][lx + dx];
  out[get_global_id(1) * w + get_global_id(0)] = sum / ((2 * R + 1) * (2 * R + 1));
}
