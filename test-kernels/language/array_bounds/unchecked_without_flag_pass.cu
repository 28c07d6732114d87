//pass
//--blockDim=32 --gridDim=1

// Without --check-array-bounds an access past the end of a shared array is not
// checked (only races, divergence and assertions are).
__global__ void k(int *out) {
  __shared__ int tile[32];
  tile[threadIdx.x + 32] = 1;
}
