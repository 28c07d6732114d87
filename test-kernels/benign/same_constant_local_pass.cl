//pass
//--local_size=64 --num_groups=2
//note: 1 benign conflict was tolerated .*: write-write on A at same_constant_local_pass\.cl:7:\d+; --benign=none reports it

__kernel void k(__local int *A) {
  // Every work item writes the same value: a benign write-write race.
  A[0] = 1;
}
