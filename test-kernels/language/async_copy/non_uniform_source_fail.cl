//xfail:NOT_ALL_VERIFIED
//--local_size=32 --num_groups=8
//non_uniform_source_fail\.cl:10:\d+: error: the arguments of `async_work_group_copy` may differ between work items of a group

// Every work item of a group must pass the same arguments to a copy; here the source
// depends on the local id.
__kernel void k(__global const int *in, __global int *out) {
  __local int tile[32];
  size_t l = get_local_id(0);
  event_t e = async_work_group_copy(tile, in + l, 32, 0);
  wait_group_events(1, &e);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = tile[l];
}
