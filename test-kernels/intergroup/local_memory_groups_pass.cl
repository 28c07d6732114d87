//pass
//--local_size=64 --num_groups=8

__kernel void k(__local int *L, __global int *out) {
  // Each group has its own L: the writes of the groups' work item 0 do not race.
  if (get_local_id(0) == 0)
    L[0] = (int)get_group_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = L[0];
}
