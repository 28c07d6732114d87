//pass
//--local_size=32 --num_groups=2

__kernel void shift(__local int *a, int n) {
  // Each iteration reads the right neighbour, waits, writes its own element and waits
  // again, so iteration r's writes are ordered before iteration r + 1's reads.
  unsigned t = get_local_id(0);
  for (int r = 0; r < n; r++) {
    int v = a[(t + 1) % 32];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[t] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}
