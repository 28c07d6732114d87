//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
//error: possible [a-z-]+ race on od

// The running-sum row box filter done in place (od is the input too, to save memory): a
// thread's in-row writes are fine, but the row base is computed with the radius as pitch
// (y * r instead of y * w, a wrong stride), so neighbouring rows overlap and one thread
// reads pixels another thread writes. 64-thread blocks, 16 blocks.
__global__ void box_filter_x(float *od, int w, int h, int r) {
  __requires(h == gridDim.x * blockDim.x);
  __requires(w > 0 && w <= 4096 && r > 0 && r < w);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  float *row = &od[y * r];
  float scale = 1.0f / (float)((r << 1) + 1);
  float t = row[0] * r;
  for (int x = 0; x <= r; x++)
    t += row[x];
  row[0] = t * scale;
  for (int x = 1; x < w; x++) {
    t += row[min(x + r, w - 1)];
    t -= row[max(x - r - 1, 0)];
    row[x] = t * scale;
  }
}
