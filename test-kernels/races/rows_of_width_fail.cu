//xfail:NOT_ALL_VERIFIED
//--blockDim=[16,16] --gridDim=[4,4]
//rows_of_width_fail\.cu:\d+:\d+: error: possible write-(read|write) race on img\[

// As `rows_of_width_pass.cu` without the `x < w` test: when `w` is narrower than the 64
// threads of a row, a thread past the row's end scales the next row's pixel.
__global__ void scale_image(float *img, int w, int h) {
  __requires(w > 0 && w <= 4096);
  __requires(h == gridDim.y * blockDim.y);
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  img[y * w + x] *= 2.0f;
}
