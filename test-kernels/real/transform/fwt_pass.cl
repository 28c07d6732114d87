//pass
//--local_size=256 --num_groups=2

// AMD APP SDK FastWalshTransform: the host launches the kernel once per butterfly step
// (step = 1, 2, 4, ..., length/2); each work item takes one pair (pair, pair + step) of
// the in-place array and writes their sum and difference back. length = 1024: 512 work
// items in groups of 256.
__kernel void fastWalshTransform(__global float *tArray, const int step) {
  __requires(step >= 1 && step <= 512 && (step & (step - 1)) == 0);
  unsigned int tid = get_global_id(0);
  unsigned int group = tid % step;
  unsigned int pair = 2 * step * (tid / step) + group;
  unsigned int match = pair + step;
  float T1 = tArray[pair];
  float T2 = tArray[match];
  tArray[pair] = T1 + T2;
  tArray[match] = T1 - T2;
}
