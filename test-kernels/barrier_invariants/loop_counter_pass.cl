//pass
//--local_size=16 --num_groups=2

// A barrier invariant in a loop over the loop's counter: it holds for the counter's
// value in each iteration, not just its first one.
__kernel void k(__local int *A) {
  for (int i = 0; i < 4; i++) {
    A[get_local_id(0)] = i;
    __barrier_invariant_1(A[get_local_id(0)] == i, get_local_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
