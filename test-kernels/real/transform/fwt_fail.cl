//xfail:NOT_ALL_VERIFIED
//--local_size=256 --num_groups=2

// The twin: the factor 2 in the pair index is forgotten (pair = step * (tid / step) +
// group = tid), so work item tid's `match` (tid + step) is work item (tid + step)'s `pair`.
// AMD APP SDK FastWalshTransform: one launch per butterfly step, each work item updates one
// (pair, pair + step) in place. length = 1024: 512 work items in groups of 256.
__kernel void fastWalshTransform(__global float *tArray, const int step) {
  __requires(step >= 1 && step <= 512 && (step & (step - 1)) == 0);
  unsigned int tid = get_global_id(0);
  unsigned int group = tid % step;
  unsigned int pair = step * (tid / step) + group;
  unsigned int match = pair + step;
  float T1 = tArray[pair];
  float T2 = tArray[match];
  tArray[pair] = T1 + T2;
  tArray[match] = T1 - T2;
}
