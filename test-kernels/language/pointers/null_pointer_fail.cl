//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//null_pointer_fail\.cl:10:\d+: error: possible null pointer access

// The pointer is null when the flag is not set, and is written through anyway.
__kernel void k(__global int *A, int flag) {
  __global int *p = 0;
  if (flag)
    p = A;
  p[get_global_id(0)] = 1;
}
