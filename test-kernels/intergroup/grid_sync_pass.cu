//pass
//--blockDim=64 --gridDim=8

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Every thread reads its right neighbour, which may live in the next block; the grid-wide
// sync orders all those reads before any write.
__global__ void shift_left(int *a, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int next = 0;
  if (i + 1 < n)
    next = a[i + 1];
  grid.sync();
  if (i < n)
    a[i] = next;
}
