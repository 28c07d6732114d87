//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//variable_flags_race_fail\.cl:11:\d+: error: possible write-read race on A\[\d+\]

// Fence flags that are not a constant are read per work item; a parameter's value is
// any, including 0 (no fence): then the neighbour's element read after the barrier
// races with the write before it.
__kernel void k(__local int *A, int flags) {
  A[get_local_id(0)] = 1;
  barrier(flags);
  int x = A[(get_local_id(0) + 1) % 64];
  A[get_local_id(0)] = x;
}
