//pass
//--local_size=16 --num_groups=2 --invariants-as-candidates

// --invariants-as-candidates: a user invariant that does not hold is dropped, not reported.
__kernel void k(__global int *A) {
  for (int i = 0; __invariant(i == 100), __invariant(i >= 0), i < 4; i++) {
    A[get_global_id(0)] = i;
  }
}
