//xfail:NOT_ALL_VERIFIED
//--blockDim=256 --gridDim=64
//cg_tile_reduce_fail\.cu:18:\d+: error: possible write-write race on partial\[\d+\]

// As cg_tile_reduce_pass.cu with every tile's rank 0 writing the block's slot: the eight
// tiles of a block race.

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sum(const float *in, float *partial) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned i = blockIdx.x * block.size() + block.thread_rank();
  float v = in[i];
  v = cg::reduce(tile, v, cg::plus<float>());
  if (tile.thread_rank() == 0)
    partial[blockIdx.x] = v;
}
