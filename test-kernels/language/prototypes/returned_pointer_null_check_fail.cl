//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//possible null pointer access

// A null check does not make the pointer known: it may still point anywhere, so the
// access is reported rather than assumed safe.
__global int *lookup(int key);

__kernel void returned_pointer_null_check_fail(__global int *A) {
  __global int *p = lookup(get_global_id(0));
  if (p != 0)
    p[get_global_id(0)] = 1;
}
