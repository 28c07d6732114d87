//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on s_angle

// As `line_of_sight_pass.cu`, with the scan done in place without the barrier between the
// reads and the writes of a step: thread t reads s_angle[t - offset] while thread
// t - offset may already be writing its new value in the same step.
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
    if (t >= offset)
      s_angle[t] = fmaxf(s_angle[t], s_angle[t - offset]);
    __syncthreads();
  }
  float before = t > 0 ? s_angle[t - 1] : -3.4e38f;
  visible[i] = angle >= before ? 1 : 0;
}
