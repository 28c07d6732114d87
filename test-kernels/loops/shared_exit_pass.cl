//pass
//--local_size=32 --num_groups=1

__kernel void until_flag(__local int *flag, __global int *work) {
  // The loop's exit depends on local memory: work item 0 sets the flag, every item
  // reads it after a barrier, so all leave together; the barriers are uniform.
  unsigned t = get_local_id(0);
  int go = 1;
  while (go) {
    work[t] += 1;
    if (t == 0)
      *flag = work[0] < 100;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    go = *flag;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  }
}
