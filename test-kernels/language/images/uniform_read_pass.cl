//pass
//--local_size=64 --num_groups=2

// Reading one pixel gives the same value in every work item, so a barrier guarded by
// it is reached uniformly.
__kernel void k(__read_only image2d_t img, __local int *A) {
  const sampler_t s = CLK_NORMALIZED_COORDS_FALSE | CLK_FILTER_NEAREST;
  int4 v = read_imagei(img, s, (int2)(3, 4));
  if (v.x > 0)
    barrier(CLK_LOCAL_MEM_FENCE);
  A[get_local_id(0)] = v.y;
}
