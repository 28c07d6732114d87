//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//invariant_entry_fail\.cl:9:8: error: loop invariant might not hold on entry for work item \d+

// The invariant is false before the first iteration.
__kernel void k(__global int *A) {
  int i = 0;
  for (int j = 0;
       __invariant(i == 1),
       j < 8; j++) {
    i = 1;
  }
}
