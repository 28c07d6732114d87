//pass
//--blockDim=256 --gridDim=64

// Votes: a ballot counted with __popc and __all_sync/__any_sync flags, written by lane 0
// of each warp to its own slots; __activemask() as the mask.

__global__ void count_positive(const int *in, int *count, int *flags) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned mask = __activemask();
  unsigned ballot = __ballot_sync(mask, in[i] > 0);
  int all = __all_sync(mask, in[i] > 0);
  int any = __any_sync(mask, in[i] > 0);
  if ((threadIdx.x & 31) == 0) {
    count[i / 32] = __popc(ballot);
    flags[i / 32] = (all ? 2 : 0) | (any ? 1 : 0);
  }
}
