//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[4,4]
//image_row_collision_fail\.cl:10:\d+: error: possible write-write race on dst

// Every work item of a row writes the row's first pixel, each with its own colour.
__kernel void k(__read_only image2d_t src, __write_only image2d_t dst, sampler_t s) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 c = read_imagef(src, s, p);
  int2 q = (int2)(0, get_global_id(1));
  write_imagef(dst, q, c);
}
