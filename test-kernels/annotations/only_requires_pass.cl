//pass
//--local_size=16 --num_groups=2 --only-requires

// --only-requires: the precondition stays (no race), the false invariant is ignored.
__kernel void k(__global int *A, int j) {
  __requires(j == 0);
  for (int i = 0; __invariant(i > 100), i < 4; i++) {
    A[get_global_id(0) + j] = i;
  }
}
