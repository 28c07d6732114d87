//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//local_id_index_global_fail\.cl:10:\d+: error: possible write-write race on A\[\d+\]
//Write by work item \d+ with local id \d+ in work group 0, local_id_index_global_fail\.cl:10:\d+
//Write by work item \d+ with local id \d+ in work group 1, local_id_index_global_fail\.cl:10:\d+

__kernel void k(__global int *A) {
  // Work items with the same local id in the two groups write the same element.
  size_t l = get_local_id(0);
  A[l] = (int)get_global_id(0);
}
