//pass
//--local_size=32 --num_groups=32

// Each work item owns one column of an n x n matrix whose width the precondition pins.
// For every row it sums the rows below it in its own column and stores the sum in place:
// the column walk's offsets step by n, so the offsets a thread logs are its column modulo
// n only once n is written as its value (a symbolic stride gave no such candidate).
__kernel void column_suffix(__global float *B, int n) {
  __requires(n == 1024);
  int col = get_global_id(0);
  for (int r = 0; r < n; r++) {
    float s = B[r * n + col];
    for (int below = r + 1; below < n; below++)
      s += B[below * n + col];
    B[r * n + col] = s;
  }
}
