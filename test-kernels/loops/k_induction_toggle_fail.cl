//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2 --k-induction-depth=2
//this assertion might not hold

// The toggle goes to 2 in the second iteration: reported with k-induction too.
__kernel void k_induction_toggle_fail(__global int *A, int n) {
  int x = 0;
  for (int i = 0; i < n; i++) {
    __assert(x == 0 || x == 1);
    A[get_global_id(0)] = x;
    x = (x == 0) ? 2 : 0;
  }
}
