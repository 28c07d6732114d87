//pass
//--blockDim=64 --gridDim=16

// One thread per row of a 4096-wide image: the left edge, the middle and the right edge
// of the row each have their own loop (a box filter's shape). The middle loop's range
// candidates need the last loop's bound `w`: its own bound `w - r` may lie below `r + 1`.
__global__ void edges(float *out, int w, int r) {
  __requires(w > 0 && w <= 4096 && r > 0 && r < w);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  float *row = &out[y * 4096];
  for (int x = 0; x <= r; x++)
    row[x] = 1.0f;
  for (int x = r + 1; x < w - r; x++)
    row[x] = 2.0f;
  for (int x = w - r; x < w; x++)
    row[x] = 3.0f;
}
