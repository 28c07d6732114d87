//pass
//--local_size=[8,8] --num_groups=[4,4]

// Each work item copies its own pixel from a read-only image to a write-only one.
__kernel void k(__read_only image2d_t src, __write_only image2d_t dst) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  write_imagef(dst, p, read_imagef(src, s, p));
}
