//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=16
//row_edges_fail\.cu:\d+:\d+: error: possible write-write race on out\[

// As `row_edges_pass.cu`, but the right edge's loop writes one past its pixel: at
// x = w - 1 with w = 4096 it writes the first pixel of the next thread's row.
__global__ void edges(float *out, int w, int r) {
  __requires(w > 0 && w <= 4096 && r > 0 && r < w);
  unsigned int y = blockIdx.x * blockDim.x + threadIdx.x;
  float *row = &out[y * 4096];
  for (int x = 0; x <= r; x++)
    row[x] = 1.0f;
  for (int x = r + 1; x < w - r; x++)
    row[x] = 2.0f;
  for (int x = w - r; x < w; x++)
    row[x + 1] = 3.0f;
}
