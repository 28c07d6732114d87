//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//pairs_different_value_fail\.cl:8:\d+: error: possible write-write race on A\[\d+\]

__kernel void k(__global int *A) {
  size_t tid = get_local_id(0);
  // Work items 2k and 2k+1 both write A[k], with different values.
  A[tid / 2] = (int)tid;
}
