//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//racy_unbounded_fail\.cl:10:\d+: error: possible write-write race on A\[\d+\]

__kernel void k(__global int *A, int n) {
  // In its second iteration work item t writes A[t + 1], which work item t + 1
  // wrote in its first.
  size_t t = get_local_id(0);
  for (int i = 0; i < n; i++)
    A[t + i] = (int)t;
}
