//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[8,8]

// 8x8 forward DCT in the shape of the AMD APP SDK DCT sample: each 8x8 work group transforms
// one 8x8 block of the image as two matrix products, inter = D * X and out = inter * D^T;
// the intermediate block lives in __local memory, the DCT coefficients in __constant memory.
// 64x64 image: 8x8 groups of 8x8.
// Defect: the barrier between the two products is missing, so a work item reads row j of
// the intermediate block while the other work items of that row are still writing it.
__kernel void DCT(__global float *output, __global const float *input,
                  __constant float *dct8x8, __local float *inter, const uint width,
                  const uint blockWidth, const uint inverse) {
  __requires(width == 64 && blockWidth == 8);
  uint globalIdx = get_global_id(0), globalIdy = get_global_id(1);
  uint groupIdx = get_group_id(0), groupIdy = get_group_id(1);
  uint i = get_local_id(0), j = get_local_id(1);
  uint index = globalIdy * width + globalIdx;
  float acc = 0.0f;
  for (uint k = 0; k < blockWidth; k++) {
    uint index1 = inverse ? k * blockWidth + j : j * blockWidth + k;
    uint index2 = (groupIdy * blockWidth + k) * width + groupIdx * blockWidth + i;
    acc += dct8x8[index1] * input[index2];
  }
  inter[j * blockWidth + i] = acc;
  acc = 0.0f;
  for (uint k = 0; k < blockWidth; k++) {
    uint index1 = j * blockWidth + k;
    uint index2 = inverse ? i * blockWidth + k : k * blockWidth + i;
    acc += inter[index1] * dct8x8[index2];
  }
  output[index] = acc;
}
