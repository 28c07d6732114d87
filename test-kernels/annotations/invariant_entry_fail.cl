//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//invariant_entry_fail\.cl:14:8: error: loop invariant might not hold on entry for work item \d+

// The invariant is false before the first iteration.
//
// At -O2 and -O3 clang moves the loop's invariant away from the loop head (it rotates or
// unrolls the loop), and lockstep rejects the kernel there (exit 4: user-specified
// invariant does not appear at loop head); decided at the other levels. A compiler effect
// on the annotation.
__kernel void k(__global int *A) {
  int i = 0;
  for (int j = 0;
       __invariant(i == 1),
       j < 8; j++) {
    i = 1;
  }
}
