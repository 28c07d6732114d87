//pass
//--local_size=16 --num_groups=1 --k-induction-depth=2

// A counter cycling through 0, 1, 2: the assertion is not inductive alone (from an
// arbitrary state the counter may be 3), but it is 2-inductive.
__kernel void k_induction_cycle_pass(__global int *A, int n) {
  int x = 0;
  for (int i = 0; i < n; i++) {
    __assert(x != 3);
    x = (x == 2) ? 0 : x + 1;
  }
  A[get_global_id(0)] = x;
}
