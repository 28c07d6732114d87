//pass
//--blockDim=256 --gridDim=64

// Line of sight along 64 rays of 256 height samples, after the public description of the
// CUDA samples' lineOfSight: each thread computes the elevation angle of its sample seen
// from the ray's origin, the block runs an inclusive max-scan of the angles in shared
// memory (Hillis-Steele, barriers between the reads and the writes of each step), and each
// sample is visible when its angle is at least the running maximum before it. One ray per
// block: 256-thread blocks, 64 blocks.
#define N 256
__global__ void line_of_sight(const float *heights, unsigned char *visible,
                              const float *originHeight, float deltaT) {
  __shared__ float s_angle[N];
  unsigned int t = threadIdx.x;
  unsigned int i = blockIdx.x * N + t;
  float h0 = originHeight[blockIdx.x];
  float dist = (t + 1) * deltaT;
  float angle = (heights[i] - h0) / dist;
  s_angle[t] = angle;
  __syncthreads();
  for (unsigned int offset = 1; offset < N; offset <<= 1) {
    float v = s_angle[t];
    if (t >= offset)
      v = fmaxf(v, s_angle[t - offset]);
    __syncthreads();
    s_angle[t] = v;
    __syncthreads();
  }
  float before = t > 0 ? s_angle[t - 1] : -3.4e38f;
  visible[i] = angle >= before ? 1 : 0;
}
