//pass
//--blockDim=256 --gridDim=64

// Cooperative groups: a block split into tiles of 32 (tiled_partition), each tile
// reducing with its shuffles and cooperative_groups::reduce; rank 0 of each tile writes
// the tile's slot (meta_group_rank), and after a block sync thread 0 of the block writes
// the block's total.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sum(const float *in, float *partial, float *total) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned i = blockIdx.x * block.size() + block.thread_rank();
  float v = in[i];
  for (int d = tile.size() / 2; d > 0; d /= 2)
    v += tile.shfl_down(v, d);
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0)
    partial[blockIdx.x * 8 + tile.meta_group_rank()] = v;
  block.sync();
  if (block.thread_rank() == 0)
    total[blockIdx.x] = partial[blockIdx.x * 8] + partial[blockIdx.x * 8 + 7];
}
