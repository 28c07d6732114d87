//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1 --unroll=2
//may be spurious

__kernel void k(__global int *A, int n) {
  // Race-free while 2 * i + 16 does not wrap: work item t visits (t + 16) * 2^k - 16, and
  // no two ids in 0..15 share such a value. Once it wraps (n = 1778384897: work items 0 and
  // 1 both reach A[268435440], `lockstep run` shows it) two work items meet, though they
  // store the same value there. Proving the small-n case needs an invariant outside
  // lockstep's candidate families, so it is reported as a possible race, never verified.
  for (int i = get_local_id(0); i < n; i = 2 * i + 16)
    A[i] = i;
}
