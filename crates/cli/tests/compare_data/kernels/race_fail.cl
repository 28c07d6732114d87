//xfail:NOT_ALL_VERIFIED
//--local_size=8 --num_groups=2
__kernel void race(__global int *a) {
  a[0] = get_local_id(0);
}
