//xfail:NOT_ALL_VERIFIED
//--blockDim=64 --gridDim=8
//vote_mask_fail\.cu:15:\d+: error: this assertion might not hold

// vote_mask_pass.cu's mistake: taking the halves' votes to agree across the whole warp.

__global__ void half_votes(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  unsigned mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  int any = __any_sync(mask, in[tid] > 0);
  int same_warp = __same_group && threadIdx.x / 32 == __other_int(threadIdx.x) / 32;
  // Wrong: threads of the two halves vote separately.
  out[tid] = any;
  __assert(!same_warp || __other_int(any) == any);
}
