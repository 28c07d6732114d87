//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4
//loop_reads_other_fail\.cl:11:8: error: loop invariant might not be maintained by the loop

// As the pass twin, but every work item stores the same value in the loop: the slots
// stop being different after one iteration.
__kernel void k(__local unsigned *A) {
  unsigned t = get_local_id(0);
  A[t] = 3 * t;
  for (unsigned i = 0;
       __invariant(__implies(__same_group, A[t] != A[__other_int(t)])), i < 50; i++) {
    __barrier_invariant_binary_1(A[t] != A[__other_int(t)], t, __other_int(t));
    barrier(CLK_LOCAL_MEM_FENCE);
    A[t] = i;
  }
  __barrier_invariant_binary_1(A[t] != A[__other_int(t)], t, __other_int(t));
  barrier(CLK_LOCAL_MEM_FENCE);
  __assert(__implies(__same_group, A[t] != A[__other_int(t)]));
}
