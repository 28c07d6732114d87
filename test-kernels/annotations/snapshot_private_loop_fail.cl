//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//snapshot_private_loop_fail\.cl:14:10: error: loop invariant might not be maintained by the loop

// The loop adds 3 where the invariant, relating the element to the snapshot taken before
// the loop, says 2.
__kernel void k(__global const int *in, __global int *out, int n) {
  int acc[8];
  int start[8];
  for (int j = 0; j < 8; j++)
    acc[j] = in[8 * get_global_id(0) + j];
  __array_snapshot(start, acc);
  int i = 0;
  while (__invariant(acc[3] == start[3] + 2 * i), i < n) {
    acc[3] = acc[3] + 3;
    i++;
  }
  out[get_global_id(0)] = acc[3];
}
