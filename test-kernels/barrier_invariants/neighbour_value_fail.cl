//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=2
//neighbour_value_fail\.cl:10:3: error: this barrier invariant might not hold for work item \d+

// The invariant claims one more than what each work item stored.
__kernel void shift(__global int *out) {
  __local int tile[64];
  unsigned lid = get_local_id(0);
  tile[get_local_id(0)] = 3 * get_local_id(0) + 1;
  __barrier_invariant_2(tile[get_local_id(0)] == 3 * get_local_id(0) + 2,
                        get_local_id(0), (get_local_id(0) + 1) % 64);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(lid + 1) % 64];
}
