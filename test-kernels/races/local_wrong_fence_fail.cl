//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//local_wrong_fence_fail\.cl:11:\d+: error: possible write-read race on A\[\d+\]
//Read by work item \d+ with local id \d+ in work group 0, local_wrong_fence_fail\.cl:11:\d+
//Write by work item \d+ with local id \d+ in work group 0, local_wrong_fence_fail\.cl:9:\d+

__kernel void k(__local int *A, __global int *out) {
  size_t l = get_local_id(0);
  A[l] = (int)l;
  barrier(CLK_GLOBAL_MEM_FENCE);
  out[l] = A[63 - l];
}
