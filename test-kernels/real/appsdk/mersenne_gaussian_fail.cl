//xfail:NOT_ALL_VERIFIED
//--local_size=[8,8] --num_groups=[32,32]
//error: possible [a-z-]+ race on gaussianRand

// As `mersenne_gaussian_pass.cl`, with the k-th output of each generator interleaved by
// one row (yPid * width + xPid + k * width) instead of the whole grid: output k of the work
// item at row y lands on output k - 1 of the work item at row y + 1 (in the next group at
// the tile's bottom row), so the two write the same float4.
#define N 4
#define MSK (uint4)(0xdfffffefu, 0xddfecb7fu, 0xbffaffffu, 0xbffffff6u)

uint4 lshift128(uint4 in, uint s) {
  uint4 out;
  out.x = in.x << (s * 8);
  out.y = (in.y << (s * 8)) | (in.x >> (32 - s * 8));
  out.z = (in.z << (s * 8)) | (in.y >> (32 - s * 8));
  out.w = (in.w << (s * 8)) | (in.z >> (32 - s * 8));
  return out;
}

uint4 rshift128(uint4 in, uint s) {
  uint4 out;
  out.w = in.w >> (s * 8);
  out.z = (in.z >> (s * 8)) | (in.w << (32 - s * 8));
  out.y = (in.y >> (s * 8)) | (in.z << (32 - s * 8));
  out.x = (in.x >> (s * 8)) | (in.y << (32 - s * 8));
  return out;
}

__kernel void gaussianRand(__global const uint4 *seedArray, const uint width,
                           const uint mulFactor, __global float4 *gaussianRand) {
  __requires(width == 256 && mulFactor == 4);
  uint xPid = get_global_id(0);
  uint yPid = get_global_id(1);
  uint4 state[N];
  uint4 temp[2 * N];
  state[0] = seedArray[yPid * width + xPid];
  for (int i = 1; i < N; i++)
    state[i] = (uint4)(1812433253u) * (state[i - 1] ^ (state[i - 1] >> 30)) + (uint4)(i);

  for (int i = 0; i < 2 * N; i++) {
    uint4 a = state[i % N];
    uint4 b = state[(i + 1) % N];
    uint4 c = state[(i + 2) % N];
    uint4 d = state[(i + 3) % N];
    uint4 r = a ^ lshift128(a, 1) ^ ((b >> 11) & MSK) ^ rshift128(c, 1) ^ (d << 18);
    state[i % N] = r;
    temp[i] = r;
  }

  const float one = 2.3283064e-10f;
  const float two_pi = 6.2831853f;
  for (uint k = 0; k < mulFactor; k++) {
    float4 u1 = (convert_float4(temp[2 * k]) + (float4)(1.0f)) * one;
    float4 u2 = convert_float4(temp[2 * k + 1]) * one;
    float4 r = sqrt((float4)(-2.0f) * log(u1));
    float4 g = r * cos((float4)(two_pi) * u2);
    gaussianRand[yPid * width + xPid + k * width] = g;
  }
}
