// Every work item writes its id to the same element of A: a write-write race.
__kernel void racy(__global int *A) {
  int i = get_local_id(0);
  A[0] = i;
}
