//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1 --k-induction-depth=3
//this assertion might not hold

// The counter reaches 2 in the third iteration: k-induction's base case finds it.
__kernel void k_induction_cycle_fail(__global int *A, int n) {
  int x = 0;
  for (int i = 0; i < n; i++) {
    __assert(x != 2);
    x = (x == 2) ? 0 : x + 1;
  }
  A[get_global_id(0)] = x;
}
