//pass
//--local_size=64 --num_groups=2

// A function-wide invariant over memory: each loop head reads A again.
kernel void k(global int *A, int n) {
  A[get_global_id(0)] = 5;
  for (int i = 0; i < n; i++) {
    A[get_global_id(0)] = 5;
  }
  __assert(A[get_global_id(0)] == 5);
  __function_wide_invariant(A[get_global_id(0)] == 5);
}
