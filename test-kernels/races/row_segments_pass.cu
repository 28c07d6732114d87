//pass
//--blockDim=64 --gridDim=8

// One thread per row of an image whose width `w` is a parameter (at most 4096) writes its
// row in three loops: the left edge, the middle and the right edge. Rows are `w` apart
// (`row = &out[y * w]`), so two threads never meet, but only because of a product of two
// unknowns; and the race checks of the middle loop come after over a hundred assumptions
// (the three loops' cut states), where the products must still be abstracted.
__global__ void row_segments(const float *in, float *out, int w, int e) {
  __requires(w > 0 && w <= 4096 && e > 0 && e < w / 2);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  const float *src = &in[y * w];
  float *row = &out[y * w];
  float acc = 0.0f;
  for (int x = 0; x < e; x++) {
    acc += src[x];
    row[x] = acc;
  }
  for (int x = e; x < w - e; x++) {
    acc += src[x] - src[x - e];
    row[x] = acc;
  }
  for (int x = w - e; x < w; x++) {
    acc -= src[x - e];
    row[x] = acc;
  }
}
