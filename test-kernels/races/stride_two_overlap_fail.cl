//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//stride_two_overlap_fail\.cl:10:\d+: error: possible write-write race on A\[\d+\]
//Write by work item \d+ with local id \d+ in work group 0, stride_two_overlap_fail\.cl:10:\d+
//Write by work item \d+ with local id \d+ in work group 0, stride_two_overlap_fail\.cl:9:\d+

__kernel void k(__global int *A) {
  size_t g = get_global_id(0);
  A[2 * g] = (int)g;
  A[2 * g + 2] = (int)g;
}
