//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=463

// As pathfinder_pass.cu, but updating the row in place (no separate `result` buffer, one
// barrier per row): a thread writes prev[tx] while its neighbours tx-1 and tx+1 may still be
// reading it as their `right` / `left` value for the same row.
#define BLOCK_SIZE 256
#define HALO 1
#define IN_RANGE(x, lo, hi) ((x) >= (lo) && (x) <= (hi))
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

__global__ void dynproc_kernel(int iteration, int *gpuWall, int *gpuSrc, int *gpuResults,
                               int cols, int rows, int startStep, int border) {
  __requires(cols == 100000 && rows == 100);
  __requires(iteration == 20 && border == 20);
  __requires(startStep >= 0 && startStep + iteration < rows);
  __shared__ int prev[BLOCK_SIZE];
  int bx = blockIdx.x, tx = threadIdx.x;
  int small_block_cols = BLOCK_SIZE - iteration * HALO * 2;
  int blkX = small_block_cols * bx - border;
  int blkXmax = blkX + BLOCK_SIZE - 1;
  int xidx = blkX + tx;
  int validXmin = (blkX < 0) ? -blkX : 0;
  int validXmax = (blkXmax > cols - 1) ? BLOCK_SIZE - 1 - (blkXmax - cols + 1) : BLOCK_SIZE - 1;
  int W = tx - 1, E = tx + 1;
  W = (W < validXmin) ? validXmin : W;
  E = (E > validXmax) ? validXmax : E;
  bool isValid = IN_RANGE(tx, validXmin, validXmax);
  if (IN_RANGE(xidx, 0, cols - 1))
    prev[tx] = gpuSrc[xidx];
  __syncthreads();
  bool computed;
  for (int i = 0; i < iteration; i++) {
    computed = false;
    if (IN_RANGE(tx, i + 1, BLOCK_SIZE - i - 2) && isValid) {
      computed = true;
      int left = prev[W], up = prev[tx], right = prev[E];
      int shortest = MIN(left, up);
      shortest = MIN(shortest, right);
      int index = cols * (startStep + i) + xidx;
      prev[tx] = shortest + gpuWall[index];
    }
    __syncthreads();
  }
  if (computed)
    gpuResults[xidx] = prev[tx];
}
