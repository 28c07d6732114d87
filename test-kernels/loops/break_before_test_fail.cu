//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=463
//error: possible write-write race on dst

// As break_before_test_pass.cu, but the loop breaks one step early: the stored cells of
// neighbouring blocks (each 218 wide, 216 apart) overlap. 20 steps pinned, a barrier in
// each, a break before the loop test can fail.
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
    if (i == iteration - 2)
      break;
    if (computed)
      prev[tx] = result[tx];
    __syncthreads();
  }
  if (computed)
    dst[xidx] = result[tx];
}
