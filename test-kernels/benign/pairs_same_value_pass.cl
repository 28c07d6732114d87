//pass
//--local_size=64 --num_groups=1
//note: 1 benign conflict was tolerated .*: write-write on A at pairs_same_value_pass\.cl:8:\d+; --benign=none reports it

__kernel void k(__global int *A) {
  size_t tid = get_local_id(0);
  // Work items 2k and 2k+1 both write k to A[k].
  A[tid / 2] = (int)(tid / 2);
}
