//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//error: possible [a-z-]+ race on od

// As `recursive_gaussian_pass.cu` for an image narrower than the launch (w < 512), with an
// off-by-one guard `x > w`: the thread with x == w also runs, and its "column" at row y is
// element (y + 1) * w, column 0 of the next row, which thread 0 writes.
__global__ void recursive_gaussian_cols(const float *id, float *od, int w, int h, float a0,
                                        float a1, float a2, float a3, float b1, float b2,
                                        float coefp, float coefn) {
  __requires(w > 0 && w < 512 && h == 512);
  unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x > w)
    return;
  const float *in = id + x;
  float *out = od + x;

  // causal pass
  float xp = *in;
  float yb = coefp * xp;
  float yp = yb;
  for (int y = 0; y < h; y++) {
    float xc = *in;
    float yc = a0 * xc + a1 * xp - b1 * yp - b2 * yb;
    *out = yc;
    in += w;
    out += w;
    xp = xc;
    yb = yp;
    yp = yc;
  }

  // anti-causal pass
  in -= w;
  out -= w;
  float xn = *in, xa = xn;
  float yn = coefn * xn, ya = yn;
  for (int y = h - 1; y >= 0; y--) {
    float xc = *in;
    float yc = a2 * xn + a3 * xa - b1 * yn - b2 * ya;
    xa = xn;
    xn = xc;
    ya = yn;
    yn = yc;
    *out = *out + yc;
    in -= w;
    out -= w;
  }
}
