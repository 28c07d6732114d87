//pass
//--local_size=32 --num_groups=4

// A pointer-style offset walked down a column by a stride the precondition pins
// (`pos -= width`), storing a float4 per row: the log holds four component stores, each
// stepping down from where the column ends to where it starts. Work item `x` owns column
// `x`; the rows are `width` float4s apart.
__kernel void column_up(__global float4 *img, int width, int height) {
  __requires(width == 128 && height == 64);
  int x = get_global_id(0);
  int pos = x + (height - 1) * width;
  for (int y = height - 1; y >= 0; y--) {
    img[pos] = img[pos] * 0.5f;
    pos -= width;
  }
}
