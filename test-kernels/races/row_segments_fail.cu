//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8

// The twin of row_segments_pass.cu: rows start `w - 1` apart (`row = &out[y * (w - 1)]`),
// so the last pixel of a thread's right edge is the first of the next thread's left edge
// (a write-write race).
__global__ void row_segments(const float *in, float *out, int w, int e) {
  __requires(w > 0 && w <= 4096 && e > 0 && e < w / 2);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  const float *src = &in[y * w];
  float *row = &out[y * (w - 1)];
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
