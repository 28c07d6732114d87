//pass
//--local_size=64 --num_groups=1

__kernel void k(void) {
  // Thread-dependent in form, but every work item takes it.
  if (get_local_id(0) < get_local_size(0))
    barrier(CLK_LOCAL_MEM_FENCE);
}
