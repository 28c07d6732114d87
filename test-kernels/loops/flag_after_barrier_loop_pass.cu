//pass
//--blockDim=256 --gridDim=64

// Blocks stride over 1024 vectors; for each, the threads take a few turns through shared
// memory, a barrier in every turn, and thread 0 then writes the vector's result. The
// turns' loop only clears the log of `out` (at its barrier): what the log held on entry
// (thread 0's write, at its own vector) must hold through it.
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
      out[v] = x;
  }
}
