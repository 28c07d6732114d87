//pass
//--local_size=64 --num_groups=2

__kernel void tiles(__global int *out, __global const int *in, int rows, int cols) {
  // Nested loops with uniform bounds and barriers inside the inner loop: each step
  // stages a tile, waits, reads a neighbour's element, and waits again.
  __local int tile[64];
  unsigned t = get_local_id(0);
  int acc = 0;
  for (int r = 0; r < rows; r++) {
    for (int c = 0; c < cols; c++) {
      tile[t] = in[get_global_id(0)] + r + c;
      barrier(CLK_LOCAL_MEM_FENCE);
      acc += tile[(t + 1) % 64];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
  }
  out[get_global_id(0)] = acc;
}
