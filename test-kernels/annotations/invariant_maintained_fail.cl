//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=4
//invariant_maintained_fail\.cl:9:10: error: loop invariant might not be maintained by the loop for work item \d+

// The last visit of the head has i == 10.
__kernel void k(__global int *A) {
  int i = 0;
  while (
         __invariant(i < 10),
         i < 10) {
    i++;
  }
}
