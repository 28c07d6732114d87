//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//local_write_write_fail\.cl:8:\d+: error: possible write-write race on A\[0\]
//Write by work item \d+ with local id \d+ in work group 0, local_write_write_fail\.cl:8:\d+

__kernel void k(__local int *A) {
  int tid = get_local_id(0);
  A[0] = tid;
}
