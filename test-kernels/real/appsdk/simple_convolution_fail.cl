//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=16
//error: possible [a-z-]+ race on image

// As `simple_convolution_pass.cl`, done in place to save a buffer (the image is float,
// read and written through the same pointer): work item tid overwrites image[tid] while
// its neighbours, in the same group or (on row boundaries of groups) the next one, may
// still be reading it under their mask window.
__kernel void simpleConvolution(__global float *image, __global const float *mask,
                                const uint2 inputDimensions, const uint2 maskDimensions) {
  __requires(inputDimensions.x == 64 && inputDimensions.y == 64);
  __requires(maskDimensions.x == 3 && maskDimensions.y == 3);
  uint tid = get_global_id(0);
  uint width = inputDimensions.x;
  uint height = inputDimensions.y;
  uint x = tid % width;
  uint y = tid / width;
  uint maskWidth = maskDimensions.x;
  uint maskHeight = maskDimensions.y;
  uint vstep = (maskWidth - 1) / 2;
  uint hstep = (maskHeight - 1) / 2;
  uint left = (x < vstep) ? 0 : (x - vstep);
  uint right = ((x + vstep) >= width) ? width - 1 : (x + vstep);
  uint top = (y < hstep) ? 0 : (y - hstep);
  uint bottom = ((y + hstep) >= height) ? height - 1 : (y + hstep);
  float sumFX = 0.0f;
  for (uint i = left; i <= right; ++i) {
    for (uint j = top; j <= bottom; ++j) {
      uint maskIndex = (j - (y - hstep)) * maskWidth + (i - (x - vstep));
      uint index = j * width + i;
      sumFX += image[index] * mask[maskIndex];
    }
  }
  sumFX += 0.5f;
  image[tid] = sumFX;
}
