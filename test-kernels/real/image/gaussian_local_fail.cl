//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[64,48]
//error: possible [a-z-]+ race on tile

// BROKEN TWIN: no barrier between filling the local tile and convolving from it.
// 5x5 Gaussian blur: the group reads a 20x20 window of the input image (2-pixel apron)
// through a clamping sampler into a local tile, waits, and convolves with weights from
// __constant memory into a float buffer. 16x16 work groups, 1024x768 image.
#define R 2
#define T (16 + 2 * R)

__kernel void gaussian(__read_only image2d_t src, __global float4 *dst,
                       __constant float *weights, int width) {
  __requires(width == get_global_size(0));
  const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |
                        CLK_FILTER_NEAREST;
  __local float4 tile[T][T];
  int lx = get_local_id(0), ly = get_local_id(1);
  int ox = get_group_id(0) * 16 - R, oy = get_group_id(1) * 16 - R;
  for (int i = ly * 16 + lx; i < T * T; i += 256)
    tile[i / T][i % T] = read_imagef(src, smp, (int2)(ox + i % T, oy + i / T));
  float4 sum = (float4)(0.0f);
  for (int dy = 0; dy <= 2 * R; dy++)
    for (int dx = 0; dx <= 2 * R; dx++)
      sum += weights[dy * (2 * R + 1) + dx] * tile[ly + dy][lx + dx];
  dst[get_global_id(1) * width + get_global_id(0)] = sum;
}
