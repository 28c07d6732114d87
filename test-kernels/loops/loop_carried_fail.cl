//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=2
//loop_carried_fail\.cl:\d+:\d+: error: possible (read-write|write-read) race on a\[

__kernel void shift(__local int *a, int n) {
  // Without the second barrier, iteration r's write of a[t] races with iteration
  // r + 1's read of it by the left neighbour.
  unsigned t = get_local_id(0);
  for (int r = 0; r < n; r++) {
    int v = a[(t + 1) % 32];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[t] = v;
  }
}
