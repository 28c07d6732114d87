//pass
//--local_size=64 --num_groups=4

// The loop's body always returns, so its increment (the latch) is unreachable: clang
// still emits the block, and mem2reg leaves it with poison pointers. Such blocks are
// never executed and must not stop the lifter (found by the fuzzer, kernelgen seeds 2
// and 25: it used to stop with "unsupported: undefined pointer").
__kernel void first_only(__global uint *out, __global const uint *in, uint n) {
  uint g = get_global_id(0);
  for (uint i = 0; i < n; i++) {
    out[g] = in[g] + i;
    return;
  }
  out[g] = 0u;
}
