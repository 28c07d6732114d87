//pass
//--local_size=64 --num_groups=2

__kernel void k(__local int *A) {
  // Every work item writes the same value: a benign write-write race.
  A[0] = 1;
}
