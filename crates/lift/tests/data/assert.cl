// User annotations: an assumption and an assertion.
void __lockstep_assert(int);
void __lockstep_assume(int);
__kernel void assert_kernel(__global unsigned *A, unsigned n) {
  unsigned i = get_local_id(0);
  __lockstep_assume(n > 4);
  A[i] = i + n;
  __lockstep_assert(A[i] > i);
}
