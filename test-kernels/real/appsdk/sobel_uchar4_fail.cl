//xfail:NOT_ALL_VERIFIED
//--local_size=[16,16] --num_groups=[32,32]
//error: possible [a-z-]+ race on outputImage

// As `sobel_uchar4_pass.cl`, storing the result channel by channel through a byte pointer
// with an RGB pixel pitch of 3 instead of 4: pixel c writes bytes 3c..3c+3, so its alpha
// byte 3c+3 is the red byte of pixel c+1, written by the work item to its right.
__kernel void sobel_filter(__global const uchar4 *inputImage, __global uchar4 *outputImage) {
  uint x = get_global_id(0);
  uint y = get_global_id(1);
  uint width = get_global_size(0);
  uint height = get_global_size(1);
  float4 Gx = (float4)(0);
  float4 Gy = Gx;
  int c = x + y * width;
  if (x >= 1 && x < (width - 1) && y >= 1 && y < height - 1) {
    float4 i00 = convert_float4(inputImage[c - 1 - width]);
    float4 i10 = convert_float4(inputImage[c - width]);
    float4 i20 = convert_float4(inputImage[c + 1 - width]);
    float4 i01 = convert_float4(inputImage[c - 1]);
    float4 i21 = convert_float4(inputImage[c + 1]);
    float4 i02 = convert_float4(inputImage[c - 1 + width]);
    float4 i12 = convert_float4(inputImage[c + width]);
    float4 i22 = convert_float4(inputImage[c + 1 + width]);
    Gx = i00 + (float4)(2) * i10 + i20 - i02 - (float4)(2) * i12 - i22;
    Gy = i00 - i20 + (float4)(2) * i01 - (float4)(2) * i21 + i02 - i22;
    uchar4 g = convert_uchar4(hypot(Gx, Gy) / (float4)(2));
    __global uchar *out = (__global uchar *)outputImage;
    out[3 * c] = g.x;
    out[3 * c + 1] = g.y;
    out[3 * c + 2] = g.z;
    out[3 * c + 3] = g.w;
  }
}
