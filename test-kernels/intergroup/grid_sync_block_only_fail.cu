//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//possible (read-write|write-read) race on a\[

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A block-wide sync does not order the read of a neighbour in the next block
// before that block writes it.
__global__ void shift_left(int *a, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  int next = 0;
  if (i + 1 < n)
    next = a[i + 1];
  cg::this_thread_block().sync(); // orders only this block
  if (i < n)
    a[i] = next;
}
