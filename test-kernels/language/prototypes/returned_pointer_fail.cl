//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible null pointer access

// A function without a body returns a pointer lockstep knows nothing about: writing
// through it is reported (it may be null, or point anywhere).
__global int *lookup(int key);

__kernel void returned_pointer_fail(__global int *A) {
  __global int *p = lookup(get_global_id(0));
  p[0] = 1;
  A[get_global_id(0)] = 2;
}
