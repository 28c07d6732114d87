//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=4
//vote_loop_fail\.cu:14:\d+: error: barrier may be reached by non-uniform control flow
//note: not confirmed \(a run showed it, but only after drawing the result of a collective \(a warp shuffle, vote or reduction, or __syncthreads_or/_and/_count\) at .*vote_loop_fail\.cu:13:\d+

// vote_loop_pass.cu with groups of two warps, which may vote differently: the barrier in
// the loop is divergent. The interpreter gives each lane its own vote, so its run does
// not confirm the defect.

__global__ void vote_loop(const int *limit, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int i = 0;
  while (!__all_sync(0xffffffffu, i >= limit[tid])) {
    __syncthreads();
    i++;
  }
  out[tid] = i;
}
