//xfail:UNSUPPORTED
//--local_size=64 --num_groups=4
//invariant_not_at_head\.cl:13:5: user-specified invariant does not appear at loop head

// An invariant in the loop body, not in its condition.
//
// At -O1 (only) clang's loop shape puts the invariant at the loop head, and the kernel is
// accepted and verified there. Rejected at -O0, -O2 and -O3 (a compiler effect on where
// the annotation lands).
__kernel void k(__global int *A) {
  int i = 0;
  while (i < 10) {
    __invariant(i < 10);
    i++;
  }
}
