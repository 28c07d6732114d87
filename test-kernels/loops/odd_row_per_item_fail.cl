//xfail:NOT_ALL_VERIFIED
//--local_size=512 --num_groups=20
//odd_row_per_item_fail\.cl:\d+:\d+: error: possible write-(read|write) race on ind\[

// As odd_row_per_item_pass.cl, but the fill loop runs one entry past the row: item i's
// last write is the first entry of item i + 1's row.
__kernel void rows(__global const int *offsets, __global int *ind, __global float *x,
                   int n, int count, int width) {
  __requires(n == 10000 && count == 69);
  __requires(width == 128);
  int i = get_global_id(0);
  if (i < n) {
    int cx = (int)round(x[i]);
    for (int y = 0; y <= count; y++) {
      int idx = abs((cx + offsets[y]) * width + y);
      if (idx >= width * width)
        idx = 0;
      ind[i * count + y] = idx;
    }
    int sum = 0;
    for (int y = 0; y < count; y++)
      sum += ind[i * count + y];
    x[i] = sum;
  }
}
