//xfail:NOT_ALL_VERIFIED
//--local_size=64 --num_groups=1
//read_permission_missing_fail\.cl:14:3: error: insufficient permission: this barrier invariant reads val

// As read_permission_pass.cl without `__read_permission`: the second invariant
// mentions `val`, which no work item accessed since the first barrier.
__kernel void twice(__global int *out) {
  __local int val[64];
  __local int sum[64];
  val[get_local_id(0)] = get_local_id(0);
  __barrier_invariant_1(val[get_local_id(0)] == get_local_id(0), get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  sum[get_local_id(0)] = 2 * get_local_id(0);
  __barrier_invariant_2(sum[get_local_id(0)] == 2 * val[get_local_id(0)],
                        get_local_id(0), 63 - get_local_id(0));
  barrier(CLK_LOCAL_MEM_FENCE);
  unsigned m = 63 - get_local_id(0);
  out[get_local_id(0)] = sum[m];
}
