//pass
//--local_size=[16,16] --num_groups=[64,48]

// Sobel edge magnitude reading a 2-D image through a clamp-to-edge sampler (read_imagef)
// and writing one pixel per work item to an output image, as in OpenCL image-processing
// samples: 16x16 work groups over a 1024x768 image.
__kernel void sobel(__read_only image2d_t src, __write_only image2d_t dst) {
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                        CLK_FILTER_NEAREST;
  int x = get_global_id(0), y = get_global_id(1);
  float4 p00 = read_imagef(src, smp, (int2)(x - 1, y - 1));
  float4 p10 = read_imagef(src, smp, (int2)(x, y - 1));
  float4 p20 = read_imagef(src, smp, (int2)(x + 1, y - 1));
  float4 p01 = read_imagef(src, smp, (int2)(x - 1, y));
  float4 p21 = read_imagef(src, smp, (int2)(x + 1, y));
  float4 p02 = read_imagef(src, smp, (int2)(x - 1, y + 1));
  float4 p12 = read_imagef(src, smp, (int2)(x, y + 1));
  float4 p22 = read_imagef(src, smp, (int2)(x + 1, y + 1));
  float4 gx = p20 + 2.0f * p21 + p22 - p00 - 2.0f * p01 - p02;
  float4 gy = p02 + 2.0f * p12 + p22 - p00 - 2.0f * p10 - p20;
  write_imagef(dst, (int2)(x, y), sqrt(gx * gx + gy * gy));
}
