//pass
//--blockDim=64 --gridDim=8

// Votes with a member mask: each half of a warp votes on its own, so two threads share a
// vote only when they are in one half. The twin of vote_mask_fail.cu.

__global__ void half_votes(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned lane = threadIdx.x % 32;
  unsigned mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
  int any = __any_sync(mask, in[tid] > 0);
  int same_half = __same_group && threadIdx.x / 16 == __other_int(threadIdx.x) / 16;
  __assert(!same_half || __other_int(any) == any);
  out[tid] = any;
}
