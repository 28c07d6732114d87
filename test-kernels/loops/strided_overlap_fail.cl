//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//error: possible write-write race on A\[

__kernel void k(__global int *A, int n) {
  // The stride is 8 for 16 work items: item t and item t + 8 write the same elements.
  for (int i = get_local_id(0); i < n; i += 8)
    A[i] = i;
}
