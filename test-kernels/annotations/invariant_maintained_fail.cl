//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//invariant_maintained_fail\.cl:14:10: error: loop invariant might not be maintained by the loop for work item \d+

// The last visit of the head has i == 10.
//
// At -O2 and -O3 clang moves the loop's invariant away from the loop head (it rotates or
// unrolls the loop), and lockstep rejects the kernel there (exit 4: user-specified
// invariant does not appear at loop head); decided at the other levels. A compiler effect
// on the annotation.
__kernel void k(__global int *A) {
  int i = 0;
  while (
         __invariant(i < 10),
         i < 10) {
    i++;
  }
}
