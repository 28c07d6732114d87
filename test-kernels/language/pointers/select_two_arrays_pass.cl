//pass
//--local_size=64 --num_groups=4

// A pointer chosen between two arrays by a parameter: each work item still writes only
// its own element of whichever array it is.
__kernel void k(__global int *A, __global int *B, int use_a) {
  __global int *p = use_a ? A : B;
  p[get_global_id(0)] = 1;
}
