//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=2
//loop_counter_fail\.cl:10:5: error: this barrier invariant might not hold for work item \d+

// The invariant holds in the first iteration only (i == 0): from the second on, A
// holds i, not 7. (The counter must not be read as its value on entry to the loop.)
__kernel void k(__local int *A) {
  for (int i = 0; i < 4; i++) {
    A[get_local_id(0)] = i;
    __barrier_invariant_1((i == 0) | (A[get_local_id(0)] == 7), get_local_id(0));
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
