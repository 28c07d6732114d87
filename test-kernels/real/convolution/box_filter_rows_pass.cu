//pass
//--blockDim=64 --gridDim=16

// Box filter in x with a running sum, one thread per image row, after the public
// description of the CUDA boxFilter sample's row pass: 64-thread blocks, 1024 rows (16
// blocks); the window of radius r slides along the row, adding the entering pixel and
// subtracting the leaving one; edges clamped.
__global__ void box_filter_x(const float *id, float *od, int w, int h, int r) {
  __requires(h == gridDim.x * blockDim.x);
  __requires(w > 0 && w <= 4096 && r > 0 && r < w);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = &id[y * w];
  float *orow = &od[y * w];
  float scale = 1.0f / (float)((r << 1) + 1);
  float t = row[0] * r;
  for (int x = 0; x <= r; x++)
    t += row[x];
  orow[0] = t * scale;
  for (int x = 1; x <= r; x++) {
    t += row[x + r];
    t -= row[0];
    orow[x] = t * scale;
  }
  for (int x = r + 1; x < w - r; x++) {
    t += row[x + r];
    t -= row[x - r - 1];
    orow[x] = t * scale;
  }
  for (int x = w - r; x < w; x++) {
    t += row[w - 1];
    t -= row[x - r - 1];
    orow[x] = t * scale;
  }
}
