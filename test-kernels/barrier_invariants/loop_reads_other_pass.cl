//pass
//--local_size=32 --num_groups=4

// The loop invariant reads the other work item's slot, which that work item writes in
// the loop without a barrier before the loop head: a read of the specification, not of
// the program, so no race. The barrier invariant in the loop reads what each work item
// accessed since the barrier before (its own slot, in the previous iteration or before
// the loop), which the loop must keep granting.
__kernel void k(__local unsigned *A) {
  unsigned t = get_local_id(0);
  A[t] = 3 * t;
  for (unsigned i = 0;
       __invariant(__implies(__same_group, A[t] != A[__other_int(t)])), i < 50; i++) {
    __barrier_invariant_binary_1(A[t] != A[__other_int(t)], t, __other_int(t));
    barrier(CLK_LOCAL_MEM_FENCE);
    A[t] += 5;
  }
  __barrier_invariant_binary_1(A[t] != A[__other_int(t)], t, __other_int(t));
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__implies(__same_group, A[t] != A[__other_int(t)]));
}
