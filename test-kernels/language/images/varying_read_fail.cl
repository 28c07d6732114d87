//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//varying_read_fail\.cl:10:\d+: error: barrier may be reached by non-uniform control flow

// Each work item reads its own pixel, which may differ from the others': a barrier
// guarded by it may be reached by some work items only.
__kernel void k(__read_only image2d_t img, __local int *A) {
  int4 v = read_imagei(img, (int2)(get_local_id(0), 0));
  if (v.x > 0)
    barrier(CLK_LOCAL_MEM_FENCE);
  A[get_local_id(0)] = v.y;
}
