//pass
//--blockDim=[16,16] --gridDim=[4,4]

// Each thread scales one pixel of an image whose width `w` is a parameter (at most 4096):
// `img[y * w + x]` multiplies two unknowns. Pixels of different rows are `w` apart, and
// `x < w`, so no two threads meet.
__global__ void scale_image(float *img, int w, int h) {
  __requires(w > 0 && w <= 4096);
  __requires(h == gridDim.y * blockDim.y);
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w)
    img[y * w + x] *= 2.0f;
}
