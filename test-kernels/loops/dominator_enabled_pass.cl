//pass
//--local_size=32 --num_groups=1

// __dominator_enabled() in a loop invariant: "this work item reached the loop". Work
// items that left the enclosing loop still hold a read log from its last round, which the
// invariant must not be required to describe.
__kernel void mirror(__global int *out) {
  __local int A[32];
  int t = get_local_id(0);
  int result = 0;
  for (int round = get_group_id(0); round < 32; round += 32) {
    A[t] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c = t;
         __global_invariant(__implies(__dominator_enabled() & __read(A),
                                      __read_offset_bytes(A) / sizeof(int) == 31 - t)),
         c < 32; c += 16)
      A[31 - t] -= 5;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int c = t; c < 32; c += 16)
      result = A[t];
  }
  out[t] = result;
}
