//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//cg_tile_vote_fail\.cu:18:\d+: error: this assertion might not hold

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// cg_tile_vote_pass.cu's mistake: the two tiles of a warp vote separately.

__global__ void tile_votes(const int *in, int *out) {
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int p = in[tid] > 0;
  int any = tile.any(p);
  int same_warp = __same_group && threadIdx.x / 32 == __other_int(threadIdx.x) / 32;
  out[tid] = any;
  // Wrong: the warp's other tile has its own vote.
  __assert(!same_warp || __other_int(any) == any);
}
