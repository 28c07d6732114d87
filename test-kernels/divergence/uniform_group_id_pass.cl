//pass
//--local_size=64 --num_groups=2

__kernel void k(void) {
  // Every work item of a group takes the same branch.
  if (get_group_id(0) == 1)
    barrier(CLK_LOCAL_MEM_FENCE);
}
