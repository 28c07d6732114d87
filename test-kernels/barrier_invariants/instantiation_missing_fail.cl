//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//instantiation_missing_fail\.cl:15:3: error: this assertion might not hold for work item \d+

// The invariant holds but is only instantiated for the work item itself: after the
// barrier nothing is known about the neighbour's slot.
__kernel void shift(__global int *out) {
  __local int tile[64];
  unsigned lid = get_local_id(0);
  tile[get_local_id(0)] = 3 * get_local_id(0) + 1;
  __barrier_invariant_1(tile[get_local_id(0)] == 3 * get_local_id(0) + 1,
                        get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  int right = tile[(lid + 1) % 64];
  __assert(right == 3 * ((lid + 1) % 64) + 1);
  out[get_global_id(0)] = right;
}
