//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1 --unroll=2
//may be spurious

__kernel void k(__global int *A, int n) {
  // Race-free: work item t visits (t + 16) * 2^k - 16, and no two ids in 0..15 share such
  // a value. Proving it needs an invariant outside lockstep's candidate families, so it is
  // reported as a possibly spurious race, never as verified.
  for (int i = get_local_id(0); i < n; i = 2 * i + 16)
    A[i] = i;
}
