//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//error: possible [a-z-]+ race on s_seed

// As `scan_bottom_pass.cu`, without the barrier before the last thread carries the window's
// total into the seed: thread 255 may overwrite s_seed while other threads of the block
// are still adding the old seed to their values.
#define BLOCK_SIZE 256

__device__ float scan_local(float val, float *s_data) {
  int idx = threadIdx.x;
  s_data[idx] = 0.0f;
  idx += BLOCK_SIZE;
  s_data[idx] = val;
  __syncthreads();
  for (int i = 1; i < BLOCK_SIZE; i *= 2) {
    float t = s_data[idx - i];
    __syncthreads();
    s_data[idx] += t;
    __syncthreads();
  }
  return s_data[idx - 1];
}

__global__ void bottom_scan(const float4 *in, float4 *out, const float *isums, int n) {
  __requires(n == 262144);
  __shared__ float lmem[BLOCK_SIZE * 2];
  __shared__ float s_seed;
  int region_size = ((n / 4) / gridDim.x) * 4;
  int block_start = blockIdx.x * region_size;
  int block_stop = (blockIdx.x == gridDim.x - 1) ? n : block_start + region_size;
  int i = block_start + 4 * threadIdx.x;
  int window = block_start;

  if (threadIdx.x == 0)
    s_seed = isums[blockIdx.x];
  __syncthreads();

  while (window < block_stop) {
    float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (i < block_stop)
      v = in[i / 4];
    v.y += v.x;
    v.z += v.y;
    v.w += v.z;
    float prefix = scan_local(v.w, lmem) + s_seed;
    v.x += prefix;
    v.y += prefix;
    v.z += prefix;
    v.w += prefix;
    if (i < block_stop)
      out[i / 4] = v;
    if (threadIdx.x == BLOCK_SIZE - 1)
      s_seed = v.w;
    __syncthreads();
    window += 4 * BLOCK_SIZE;
    i += 4 * BLOCK_SIZE;
  }
}
