//pass
//--local_size=512 --num_groups=20

// Each item fills its own row of `count` = 69 entries (an odd width the precondition
// pins), then reads the row back: row i is [69 i, 69 i + 69), and items past `n` do
// nothing. The loop invariant that bounds the logged write to the item's row needs the
// product i * 69 reasoned about linearly (Houdini's sliced pass abstracts it).
__kernel void rows(__global const int *offsets, __global int *ind, __global float *x,
                   int n, int count, int width) {
  __requires(n == 10000 && count == 69);
  __requires(width == 128);
  int i = get_global_id(0);
  if (i < n) {
    int cx = (int)round(x[i]);
    for (int y = 0; y < count; y++) {
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
