//pass
//--local_size=[16,16] --num_groups=[32,32]

// Image rotation by inverse mapping: each work item computes which source pixel lands on
// its own destination pixel and samples it (bilinear, clamp), so every output pixel is
// written exactly once. 16x16 work groups over a 512x512 image.
__kernel void rotate(__read_only image2d_t src, __write_only image2d_t dst, float sin_a,
                     float cos_a) {
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP |
                        CLK_FILTER_LINEAR;
  int x = get_global_id(0), y = get_global_id(1);
  float cx = get_global_size(0) * 0.5f, cy = get_global_size(1) * 0.5f;
  float sx = (x - cx) * cos_a + (y - cy) * sin_a + cx;
  float sy = -(x - cx) * sin_a + (y - cy) * cos_a + cy;
  write_imagef(dst, (int2)(x, y), read_imagef(src, smp, (float2)(sx + 0.5f, sy + 0.5f)));
}
