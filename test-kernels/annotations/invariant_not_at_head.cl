//xfail:UNSUPPORTED
//--local_size=64 --num_groups=4
//invariant_not_at_head\.cl:9:5: user-specified invariant does not appear at loop head

// An invariant in the loop body, not in its condition.
__kernel void k(__global int *A) {
  int i = 0;
  while (i < 10) {
    __invariant(i < 10);
    i++;
  }
}
