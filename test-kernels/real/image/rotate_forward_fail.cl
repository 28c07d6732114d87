//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32]
//error: possible [a-z-]+ race on dst

// Image rotation by forward mapping (the classic mistake): each work item pushes its
// source pixel to the rounded rotated position, so two work items can write one
// destination pixel (and some pixels stay empty). 16x16 work groups, 512x512 image.
__kernel void rotate(__read_only image2d_t src, __write_only image2d_t dst, int sin_q,
                     int cos_q) {
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                        CLK_FILTER_NEAREST;
  int x = get_global_id(0), y = get_global_id(1);
  int cx = get_global_size(0) / 2, cy = get_global_size(1) / 2;
  // sin and cos in 16.16 fixed point
  int dx = (((x - cx) * cos_q - (y - cy) * sin_q) >> 16) + cx;
  int dy = (((x - cx) * sin_q + (y - cy) * cos_q) >> 16) + cy;
  write_imagef(dst, (int2)(dx, dy), read_imagef(src, smp, (int2)(x, y)));
}
