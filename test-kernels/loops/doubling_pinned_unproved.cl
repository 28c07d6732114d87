//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1 --unroll=2
//may be spurious
//the counterexample's parameter values did not show it; the counterexample starts from a loop state the inferred invariants allow; memory was
//nor did \d+ with other parameter values

// doubling_correct_unproved.cl with n pinned by a precondition: the possible race is not
// reproduced with n = 100000, and the replay's runs with other values of n (which break
// the precondition) are counted apart, not reported as an assumption failing for n.
__kernel void k(__global int *A, int n) {
  __requires(n == 100000);
  for (int i = get_local_id(0); i < n; i = 2 * i + 16)
    A[i] = i;
}
