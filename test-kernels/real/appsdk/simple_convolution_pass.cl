//pass
//--local_size=256 --num_groups=16

// 2-D convolution of a 64x64 image with a 3x3 mask, after the public description of the
// AMD APP SDK's SimpleConvolution sample: a 1-D launch with one output pixel per work item
// (x = tid % width, y = tid / width); the mask window is clamped at the image borders
// (left/right/top/bottom), the weighted sum of the input pixels under it is rounded and
// written to output[tid]. 256 work items per group, 16 groups (4096 pixels).
__kernel void simpleConvolution(__global float *output, __global const uint *input,
                                __global const float *mask, const uint2 inputDimensions,
                                const uint2 maskDimensions) {
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
      sumFX += ((float)input[index] * mask[maskIndex]);
    }
  }
  sumFX += 0.5f;
  output[tid] = sumFX;
}
