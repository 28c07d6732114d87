//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//barrier_across_groups_fail\.cl:12:\d+: error: possible write-read race on A\[0\]
//Read by work item \d+ with local id \d+ in work group 1, barrier_across_groups_fail\.cl:12:\d+
//Write by work item 0 with local id 0 in work group 0, barrier_across_groups_fail\.cl:10:\d+

__kernel void k(__global int *A, __global int *B) {
  // The barrier orders group 0's write of A[0] only for group 0's own work items.
  size_t g = get_global_id(0);
  A[g] = (int)g;
  barrier(CLK_GLOBAL_MEM_FENCE);
  B[g] = A[0];
}
