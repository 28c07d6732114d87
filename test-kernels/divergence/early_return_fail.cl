//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//early_return_fail\.cl:10:\d+: error: barrier may be reached by non-uniform control flow

__kernel void k(__global int *A) {
  size_t g = get_global_id(0);
  if (get_local_id(0) == 0)
    return;
  A[g] = 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  A[g] = 2;
}
