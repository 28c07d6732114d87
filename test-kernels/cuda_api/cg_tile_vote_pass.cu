//pass
//--blockDim=64 --gridDim=8

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A tile's vote is its own threads' (tiles of 16: two to a warp), and its ballot is by
// tile rank. The twin of cg_tile_vote_fail.cu.

__global__ void tile_votes(const int *in, int *out) {
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int p = in[tid] > 0;
  int any = tile.any(p);
  unsigned ballot = tile.ballot(p);
  int same_tile = __same_group && threadIdx.x / 16 == __other_int(threadIdx.x) / 16;
  __assert(!same_tile || __other_int(any) == any);
  __assert(((ballot >> tile.thread_rank()) & 1u) == (unsigned)p);
  out[tid] = any + (int)ballot;
}
