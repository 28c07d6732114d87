//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//global_write_read_fail\.cl:10:\d+: error: possible write-read race on A\[0\]
//Read by work item \d+ with local id \d+ in work group 0, global_write_read_fail\.cl:10:\d+
//Write by work item 0 with local id 0 in work group 0, global_write_read_fail\.cl:9:\d+

__kernel void k(__global int *A, __global int *B) {
  size_t tid = get_local_id(0);
  A[tid] = (int)tid;
  B[tid] = A[0];
}
