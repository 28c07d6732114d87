//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//no_permission_fail\.cl:13:3: error: insufficient permission: this barrier invariant reads tile

// Work item 0 changes tile[0] after the first barrier; the second invariant reads
// tile[0] in every work item, most of which never touched it since that barrier.
__kernel void stale(__global int *out) {
  __local int tile[64];
  tile[get_local_id(0)] = 0;
  __barrier_invariant_1(tile[get_local_id(0)] == 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) tile[0] = 7;
  __barrier_invariant_1(tile[0] == 0, get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_local_id(0)] = tile[get_local_id(0)];
}
