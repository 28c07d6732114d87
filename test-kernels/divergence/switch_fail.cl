//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//switch_fail\.cl:12:\d+: error: barrier may be reached by non-uniform control flow

__kernel void k(__global int *A) {
  size_t l = get_local_id(0);
  switch (l % 4) {
  case 1:
    A[l] = 1;
    break;
  case 2:
    barrier(CLK_GLOBAL_MEM_FENCE);
    break;
  default:
    A[l] = 3;
    break;
  }
}
