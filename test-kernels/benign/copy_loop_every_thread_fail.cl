//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//possible write-write race on B

// Every work item copies the whole array: each element is written by every thread, with
// the same value, read from the same place.
__kernel void copy_all(__global int *B, __global const int *A, int n) {
  for (int i = 0; i < n; i++)
    B[i] = A[i];
}
