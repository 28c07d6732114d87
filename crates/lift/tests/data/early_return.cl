// An early return before a barrier.
__kernel void early_return(__global int *A, int n) {
  int i = get_global_id(0);
  if (i >= n)
    return;
  A[i] = A[i] + 1;
  barrier(CLK_GLOBAL_MEM_FENCE);
}
