//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=4
//error: possible [a-z-]+ race on img

// As `count_down_vector_column_pass.cl`, with rows `width - 1` float4s apart: work item x
// visits x + 127 y, so work item 127's row 0 is work item 0's row 1.
__kernel void column_up(__global float4 *img, int width, int height) {
  __requires(width == 128 && height == 64);
  int x = get_global_id(0);
  int pos = x + (height - 1) * (width - 1);
  for (int y = height - 1; y >= 0; y--) {
    img[pos] = img[pos] * 0.5f;
    pos -= width - 1;
  }
}
