//pass
//--blockDim=64 --gridDim=8

// What a vote says of the lane's own predicate: __all_sync is nonzero only if the lane's
// is, __any_sync is nonzero if it is, bit `lane` of __ballot_sync is the lane's; a warp
// reduction is one value for the warp. The twin of vote_relations_fail.cu.

__global__ void vote_relations(const int *in, int *out) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int flag = in[tid] > 0;
  int all = __all_sync(0xffffffffu, flag);
  int any = __any_sync(0xffffffffu, flag);
  unsigned ballot = __ballot_sync(0xffffffffu, flag);
  unsigned lane = threadIdx.x % 32;
  if (all)
    __assert(flag);
  if (flag)
    __assert(any);
  __assert(((ballot >> lane) & 1u) == (unsigned)flag);
  int same_warp = __same_group && threadIdx.x / 32 == __other_int(threadIdx.x) / 32;
  __assert(!same_warp || __other_int(all) == all);
  int sum = __reduce_add_sync(0xffffffffu, in[tid]);
  __assert(!same_warp || __other_int(sum) == sum);
  out[tid] = all + any + (int)ballot + sum;
}
