//xfail:INCONCLUSIVE
//--local_size=16 --num_groups=2
//(?i)inconclusive

__kernel void k(__global int *A, int n) {
  // Race-free (work item g writes row g), but proving it needs a loop invariant.
  size_t g = get_global_id(0);
  int i = 0;
  while (i < n) {
    A[g * n + i] = i;
    i++;
  }
}
