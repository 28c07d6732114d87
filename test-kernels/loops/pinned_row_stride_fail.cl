//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=32
//error: possible (read-write|write-read) race on B

// pinned_row_stride_pass.cl with the column walk reading its right neighbour's column:
// the work item to the right writes that column.
__kernel void column_suffix(__global float *B, int n) {
  __requires(n == 1024);
  int col = get_global_id(0);
  for (int r = 0; r < n; r++) {
    float s = B[r * n + col];
    for (int below = r + 1; below < n; below++)
      s += B[below * n + (col + 1) % n];
    B[r * n + col] = s;
  }
}
