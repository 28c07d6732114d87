//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//flag_after_barrier_loop_fail\.cu:\d+:\d+: error: possible write-write race on out\[

// As `flag_after_barrier_loop_pass.cu`, but thread 0 writes the result at half its
// vector's index: blocks 2k and 2k+1 write one element.
__global__ void per_vector(float *out, const float *in, int vectors) {
  __requires(vectors == 1024);
  __shared__ float s[256];
  for (int v = blockIdx.x; v < vectors; v += gridDim.x) {
    float x = in[v * 256 + threadIdx.x];
    for (int turn = 0; turn < 4; turn++) {
      s[threadIdx.x] = x;
      __syncthreads();
      x += s[(threadIdx.x + 1) % 256];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      out[v / 2] = x;
  }
}
