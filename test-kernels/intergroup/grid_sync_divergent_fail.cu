//xfail:NOT_ALL_VERIFIED
//--blockDim=32 --gridDim=4
//barrier may be reached by non-uniform control flow

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Only the even blocks reach the grid-wide sync: the whole grid must reach it, so this is
// barrier divergence even though every block is internally uniform.
__global__ void even_blocks(int *a) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x % 2 == 0) {
    int t = a[i + 1];
    cg::this_grid().sync();
    a[i] = t;
  }
}
