__kernel void images(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, s, p);
  write_imagef(dst, p, c);
  int w = get_image_width(src);
  write_imagei(dst, (int2)(w, 0), (int4)(0));
}
