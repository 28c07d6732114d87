//pass
//--blockDim=256 --gridDim=463

// A pathfinder-style step loop: 20 steps pinned by the precondition, a barrier in each,
// and a break on the last step before the loop test can fail. The flag set in the last
// step guards the store after the loop; blocks store disjoint 216-cell ranges.
#define B 256
__global__ void steps_then_store(int *src, int *dst, int iteration) {
  __requires(iteration == 20);
  __shared__ int prev[B];
  __shared__ int result[B];
  int tx = threadIdx.x;
  int xidx = (B - 2 * iteration) * blockIdx.x - iteration + tx;
  prev[tx] = src[tx];
  __syncthreads();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (tx >= i + 1 && tx <= B - i - 2) {
      computed = true;
      result[tx] = prev[tx - 1] + prev[tx] + prev[tx + 1];
    }
    __syncthreads();
    if (i == iteration - 1)
      break;
    if (computed)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed)
    dst[xidx] = result[tx];
}
