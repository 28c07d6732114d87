//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//local_off_by_one_read_write_fail\.cl:10:\d+: error: possible read-write race on A\[\d+\]
//Write by work item \d+ with local id \d+ in work group 0, local_off_by_one_read_write_fail\.cl:10:\d+
//Read by work item \d+ with local id \d+ in work group 0, local_off_by_one_read_write_fail\.cl:9:\d+

__kernel void k(__local int *A) {
  size_t tid = get_local_id(0);
  int next = A[tid + 1];
  A[tid] = next;
}
