//pass
//--local_size=64 --num_groups=2 --k-induction-depth=2

// A toggle between 0 and 1. From an arbitrary loop state it can hold anything, so the
// plain cut cannot prove the assertion; one iteration after an arbitrary state it is 0 or
// 1, which k-induction of depth 2 uses.
__kernel void k_induction_toggle_pass(__global int *A, int n) {
  int x = 0;
  for (int i = 0; i < n; i++) {
    __assert(x == 0 || x == 1);
    A[get_global_id(0)] = x;
    x = (x == 0) ? 1 : 0;
  }
}
