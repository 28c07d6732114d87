//xfail:NOT_ALL_VERIFIED
//--local_size=16 --num_groups=1
//thread_trip_barrier_fail\.cl:8:\d+: error: barrier may be reached by non-uniform control flow

__kernel void k(__local int *a) {
  // The trip count depends on the work item and the loop body has a barrier.
  for (unsigned i = get_local_id(0); i < 16; i++)
    barrier(CLK_LOCAL_MEM_FENCE);
}
